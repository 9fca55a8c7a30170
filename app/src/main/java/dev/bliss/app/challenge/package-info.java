/** {@code bliss challenge}: commands for the browser challenge (key generation and rotation). */
package dev.bliss.app.challenge;
