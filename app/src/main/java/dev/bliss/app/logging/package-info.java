/**
 * The application log: where java.util.logging (and so System.Logger, Netty, Vert.x and SLF4J
 * through slf4j-jdk14) writes, at which level, as text or as JSON lines.
 */
package dev.bliss.app.logging;
