package dev.bliss.proxy.config;

import java.nio.file.Path;

/** TLS termination on a listener: a PEM certificate chain and its PEM private key. */
public record TlsOptions(Path certificate, Path key) {
}
