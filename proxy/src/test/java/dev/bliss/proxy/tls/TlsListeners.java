package dev.bliss.proxy.tls;

import dev.bliss.proxy.testing.Proxies;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** bliss.yaml texts for tests of a proxy with one TLS listener (the self-signed test certificate). */
final class TlsListeners {

    private TlsListeners() {
    }

    /** Copies the test certificate and key into {@code dir}, the config dir the YAML's paths are relative to. */
    static void copyCertificate(Path dir) throws IOException {
        for (String name : new String[] {"cert.pem", "key.pem"}) {
            try (InputStream in = TlsListeners.class.getResourceAsStream("/tls/" + name)) {
                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** One origin, one TLS listener on port 0, and {@code extra} YAML appended. */
    static String yaml(String originUrl, String extra) {
        return Proxies.singleOrigin(originUrl, extra).replace("    port: 0\nadmin:", """
                    port: 0
                    tls:
                      certificate: cert.pem
                      key: key.pem
                admin:""");
    }
}
