package dev.bliss.proxy.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** The server names a TLS certificate is chosen for (SNI): their syntax, and a certificate's own. */
final class ServerNames {

    /** The subject-alternative-name type of a DNS name (RFC 5280 4.2.1.6). */
    private static final int DNS_NAME = 2;

    private ServerNames() {
    }

    /** A DNS name, or {@code *.} and a DNS name of at least two labels; lower case. */
    static boolean isPattern(String name) {
        String host = name.startsWith("*.") ? name.substring(2) : name;
        if (host.isEmpty() || host.length() > 253 || (name.startsWith("*.") && host.indexOf('.') < 0)) {
            return false;
        }
        for (String label : host.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > 63 || label.startsWith("-") || label.endsWith("-")) {
                return false;
            }
            for (int i = 0; i < label.length(); i++) {
                char c = label.charAt(i);
                if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The DNS names in the subject alternative names of the first certificate of a PEM file. */
    static List<String> of(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            List<String> names = new ArrayList<>();
            Collection<List<?>> alternatives = cert.getSubjectAlternativeNames();
            if (alternatives != null) {
                for (List<?> entry : alternatives) {
                    if (entry.size() >= 2 && entry.get(0) instanceof Integer type && type == DNS_NAME
                            && entry.get(1) instanceof String dns && isPattern(dns.toLowerCase(Locale.ROOT))) {
                        names.add(dns.toLowerCase(Locale.ROOT));
                    }
                }
            }
            return names;
        }
    }
}
