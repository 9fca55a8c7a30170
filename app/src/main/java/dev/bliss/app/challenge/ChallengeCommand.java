package dev.bliss.app.challenge;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bliss challenge}: the browser challenge's keys. */
@Command(name = "challenge",
        mixinStandardHelpOptions = true,
        description = "Manage the browser challenge's signing keys.",
        subcommands = {ChallengeKeygenCommand.class})
public final class ChallengeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
