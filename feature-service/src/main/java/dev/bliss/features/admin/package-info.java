/** The feature service's loopback HTTP endpoint: health, metrics, status, features as JSON, import. */
package dev.bliss.features.admin;
