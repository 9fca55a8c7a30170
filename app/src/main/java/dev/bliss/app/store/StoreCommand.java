package dev.bliss.app.store;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bliss store}: inspect, verify and read a feature store (the files {@code P_state}, {@code P_data_0|1}). */
@Command(name = "store",
        mixinStandardHelpOptions = true,
        description = "Inspect, verify and read a feature store.",
        subcommands = {
            StoreInspectCommand.class,
            StoreVerifyCommand.class,
            StoreGetCommand.class,
        })
public final class StoreCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
