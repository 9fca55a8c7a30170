package dev.bliss.app.challenge;

import dev.bliss.challenge.KeyFile;
import dev.bliss.challenge.KeyRing;
import dev.bliss.plugin.config.ConfigException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss challenge keygen --key-file F}: writes a new current key to F; the key that was
 * current becomes the previous one (still accepted, so clearances already out keep working
 * until their TTL), and the one before is dropped. Restart the proxies to use the new file.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = {"Write a new challenge signing key, keeping the current one as previous (rotation).",
                "Copy the file to every node, then restart them; clearances signed with the previous key stay valid until they expire."})
public final class ChallengeKeygenCommand implements Callable<Integer> {

    @Option(names = "--key-file", required = true, paramLabel = "FILE",
            description = "The key file (challenge.key_file in bliss.yaml); created if missing")
    Path keyFile;

    @Override
    public Integer call() {
        try {
            KeyRing ring = KeyFile.rotate(keyFile);
            System.out.println((ring.previous() == null ? "wrote a new key to " : "rotated the key in ") + keyFile
                    + (ring.previous() == null ? "" : " (the old current key is now 'previous')"));
            return 0;
        } catch (ConfigException e) {
            System.err.println("bliss challenge keygen: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            System.err.println("bliss challenge keygen: cannot write " + keyFile + ": " + e.getMessage());
            return 1;
        }
    }
}
