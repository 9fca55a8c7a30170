package dev.bliss.proxy.testing;

import dev.bliss.proxy.ProxyServer;

/**
 * A proxy in its own JVM, for tests that need to constrain or kill it: args[0] is the origin
 * URL. Prints {@code PORT <n>} when listening, then runs until its stdin closes.
 */
public final class ProxyMain {

    private ProxyMain() {
    }

    public static void main(String[] args) throws Exception {
        ProxyServer proxy = Proxies.start(Proxies.singleOrigin(args[0], ""));
        System.out.println("PORT " + proxy.port(0));
        System.out.flush();
        while (System.in.read() != -1) {
            // wait for the parent to close our stdin
        }
        proxy.close();
    }
}
