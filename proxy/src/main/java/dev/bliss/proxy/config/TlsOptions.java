package dev.bliss.proxy.config;

import java.nio.file.Path;
import java.util.List;

/**
 * TLS termination on a listener: one or more PEM certificate chains with their PEM private keys,
 * chosen per connection by the server name the client asks for (SNI).
 *
 * @param certificates the first is the default (no server name, or one no entry names); the
 *                     others serve the names they list
 */
public record TlsOptions(List<Certificate> certificates) {

    /**
     * One certificate chain and its key.
     *
     * @param names the server names it serves: exact ({@code shop.example.com}) or one wildcard
     *              label ({@code *.example.com}), lower case; by default the certificate's own DNS names
     */
    public record Certificate(Path certificate, Path key, List<String> names) {

        public Certificate {
            names = List.copyOf(names);
        }
    }

    public TlsOptions {
        certificates = List.copyOf(certificates);
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("a TLS listener needs a certificate");
        }
    }

    /** One certificate for every server name. */
    public TlsOptions(Path certificate, Path key) {
        this(List.of(new Certificate(certificate, key, List.of())));
    }

    /** The default certificate's chain (what a client naming no server gets). */
    public Path certificate() {
        return certificates.getFirst().certificate();
    }

    /** The default certificate's key. */
    public Path key() {
        return certificates.getFirst().key();
    }
}
