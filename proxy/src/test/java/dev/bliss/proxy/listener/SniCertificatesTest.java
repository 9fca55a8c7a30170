package dev.bliss.proxy.listener;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several certificates on one TLS listener, chosen by the server name real TLS clients (the
 * JDK's) send: each gets the certificate for its name, a wildcard, or the default; the TLS
 * fingerprint is still taken in front of the SNI choice; a reload puts renewed files in force for
 * new handshakes while an open connection goes on.
 */
class SniCertificatesTest {

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    private void start() throws Exception {
        for (String name : new String[] {"shop", "api", "fallback"}) {
            copy(name + "-cert.pem", name + "-cert.pem");
            copy(name + "-key.pem", name + "-key.pem");
        }
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(),
                "plugins:\n  - {name: fp, type: test-fingerprint}\n").replace("    port: 0\nadmin:", """
                    port: 0
                    tls:
                      certificate: fallback-cert.pem
                      key: fallback-key.pem
                      certificates:
                        - {certificate: shop-cert.pem, key: shop-key.pem}
                        - {certificate: api-cert.pem, key: api-key.pem, names: [api.example.test]}
                admin:"""), dir));
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldServeEachServerNameItsCertificateAndTheDefaultToTheRest() throws Exception {
        start();
        assertEquals("CN=shop.example.test", subject("shop.example.test"));
        assertEquals("CN=shop.example.test", subject("cart.shop.example.test"), "the certificate's wildcard name");
        assertEquals("CN=api.example.test", subject("api.example.test"));
        assertEquals("CN=fallback.example.test", subject("www.example.test"), "a name no certificate lists");
        assertEquals("CN=fallback.example.test", subject(null), "no server name at all");
        assertEquals("CN=fallback.example.test", subject("a.b.shop.example.test"), "a wildcard covers one label");
    }

    @Test
    void shouldFingerprintTheClientHelloInFrontOfTheSniChoice() throws Exception {
        start();
        try (SSLSocket s = connect("api.example.test")) {
            assertTrue(get(s, "/fp").startsWith("HTTP/1.1 200"));
        }
        TestOrigin.Seen seen = origin.next();
        assertTrue(seen.headers().get("x-test-ja4").startsWith("t13d"), seen.headers().get("x-test-ja4"));
    }

    @Test
    void shouldPutRenewedCertificatesInForceOnReloadWithoutDroppingOpenConnections() throws Exception {
        start();
        try (SSLSocket open = connect("api.example.test")) {
            assertTrue(get(open, "/before").startsWith("HTTP/1.1 200"));
            // "renew" api's files with other contents at the same paths, as certbot does
            copy("shop-cert.pem", "api-cert.pem");
            copy("shop-key.pem", "api-key.pem");
            ReloadOutcome outcome = proxy.reload().await();
            assertTrue(outcome.applied(), outcome.summary());
            assertTrue(outcome.summary().contains("certificates of 1 TLS listeners"), outcome.summary());
            assertEquals("CN=shop.example.test", subject("api.example.test"), "the new handshake gets the new file");
            assertTrue(get(open, "/after").startsWith("HTTP/1.1 200"), "the open connection goes on");
        }
    }

    @Test
    void shouldKeepTheCertificatesInForceWhenARenewedFileIsBroken() throws Exception {
        start();
        Files.writeString(dir.resolve("api-key.pem"), "-----BEGIN PRIVATE KEY-----\nbroken\n-----END PRIVATE KEY-----\n");
        ReloadOutcome outcome = proxy.reload().await();
        assertTrue(!outcome.applied(), outcome.summary());
        assertTrue(outcome.summary().contains("api-key.pem"), outcome.summary());
        assertEquals("CN=api.example.test", subject("api.example.test"));
    }

    private String subject(String serverName) throws Exception {
        try (SSLSocket s = connect(serverName)) {
            return ((X509Certificate) s.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
        }
    }

    private SSLSocket connect(String serverName) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new AnyCertificate()}, new SecureRandom());
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", proxy.port(0));
        s.setSoTimeout(20_000);
        SSLParameters parameters = s.getSSLParameters();
        parameters.setServerNames(serverName == null ? List.of() : List.of(new SNIHostName(serverName)));
        parameters.setApplicationProtocols(new String[] {"http/1.1"});
        s.setSSLParameters(parameters);
        s.startHandshake();
        return s;
    }

    /** One HTTP/1.1 request on the connection; the response's status line and body. */
    private static String get(SSLSocket s, String path) throws IOException {
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: api.example.test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return text + new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }

    private void copy(String resource, String file) throws IOException {
        try (InputStream in = SniCertificatesTest.class.getResourceAsStream("/tls/sni/" + resource)) {
            Files.copy(in, dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The test certificates are self-signed: the subject is what is checked. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
