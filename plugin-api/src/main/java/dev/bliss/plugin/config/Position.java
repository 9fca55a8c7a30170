package dev.bliss.plugin.config;

/**
 * Where a configuration value was written: file, line and column, both 1-based.
 * Every {@link ConfigException} carries one, so an operator is sent to the exact spot.
 */
public record Position(String file, int line, int column) {

    /** The position of values that did not come from a file (defaults, command-line flags). */
    public static Position builtIn(String what) {
        return new Position(what, 0, 0);
    }

    @Override
    public String toString() {
        return line == 0 ? file : file + ':' + line + ':' + column;
    }
}
