package dev.bliss.app;

import dev.bliss.app.logging.ApplicationLog;
import dev.bliss.app.logging.LoggingOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bliss} command. Each subcommand is its own class; this one only lists them.
 */
@Command(name = "bliss",
        mixinStandardHelpOptions = true,
        versionProvider = VersionCommand.Provider.class,
        description = "An edge reverse proxy that scores every request for automation.",
        subcommands = {
            RunCommand.class,
            ProxyCommand.class,
            CheckConfigCommand.class,
            dev.bliss.app.rules.RulesCommand.class,
            dev.bliss.app.challenge.ChallengeCommand.class,
            VersionCommand.class,
            dev.bliss.app.store.StoreCommand.class,
            dev.bliss.app.features.FeaturesCommand.class, dev.bliss.app.features.FeatureServiceCommand.class,
            dev.bliss.app.features.AggregateCommand.class,
            dev.bliss.app.training.TrainCommand.class,
            dev.bliss.app.training.EvaluateCommand.class,
            dev.bliss.app.training.SimulateCommand.class,
        })
public final class Bliss implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // warnings only until a long-running command has read its logging section: the commands
        // that print a result print only that
        ApplicationLog.configure(LoggingOptions.QUIET);
        System.exit(commandLine().execute(args));
    }

    /** The command line with bliss's conventions: errors without stack traces, exit codes. */
    public static CommandLine commandLine() {
        return new CommandLine(new Bliss()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
