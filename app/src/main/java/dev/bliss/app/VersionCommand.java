package dev.bliss.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bliss version}: the version of bliss and of the JVM it runs on. */
@Command(name = "version", mixinStandardHelpOptions = true, description = "Print the version of bliss and of the JVM.")
public final class VersionCommand implements Runnable {

    static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {line()};
        }
    }

    static String line() {
        String v = Bliss.class.getPackage().getImplementationVersion();
        return "bliss " + (v == null ? "0.1.0-SNAPSHOT" : v) + " (Java " + Runtime.version() + ", "
                + System.getProperty("java.vm.name") + ")";
    }

    @Override
    public void run() {
        System.out.println(line());
    }
}
