package dev.bliss.app.features;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bliss features}: look at published features, import features computed elsewhere. */
@Command(name = "features",
        mixinStandardHelpOptions = true,
        description = "Show a key's published features, or import features computed elsewhere.",
        subcommands = {
            FeaturesShowCommand.class,
            FeaturesImportCommand.class,
        })
public final class FeaturesCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
