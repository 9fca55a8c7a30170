package dev.bliss.training.report;

import dev.bliss.training.gbdt.TrainingListener;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Training progress on stderr: iteration, losses, the best iteration so far and the time left.
 * When stderr is a terminal, one line redrawn with {@code \r} (at most ten times a second);
 * otherwise (a log file, CI) a plain line every twentieth of the run, so logs stay short.
 */
public final class ProgressBar implements TrainingListener {

    private static final int WIDTH = 24;

    private final PrintStream out;
    private final boolean redraw;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean drawn;

    public ProgressBar(PrintStream out, boolean redraw) {
        this.out = out;
        this.redraw = redraw;
    }

    /** Redraws in place when stderr is a terminal. */
    public static ProgressBar onStderr() {
        return new ProgressBar(System.err, stderrIsTerminal());
    }

    /**
     * Whether stderr is a terminal. {@code System.console()} answers for stdin and stdout, and the
     * report on stdout is often redirected to a file while the progress should still redraw; so
     * on Linux ask /proc where file descriptor 2 points, and elsewhere fall back to the console.
     */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            Console console = System.console();
            return console != null && console.isTerminal();
        }
    }

    @Override
    public void onIteration(int iteration, int maxIterations, double trainLoss, double validationLoss, int bestIteration) {
        long now = System.nanoTime();
        if (redraw) {
            // At most ten redraws a second: a terminal is slower than a fast iteration.
            if (iteration < maxIterations && now - lastDraw < 100_000_000L && drawn) {
                return;
            }
            out.print('\r' + line(iteration, maxIterations, trainLoss, validationLoss, bestIteration, now));
            out.flush();
        } else {
            int every = Math.max(1, maxIterations / 20);
            if (iteration % every != 0 && iteration != 1 && iteration != maxIterations) {
                return;
            }
            out.println(line(iteration, maxIterations, trainLoss, validationLoss, bestIteration, now));
        }
        lastDraw = now;
        drawn = true;
    }

    /** Ends the redrawn line (training may stop early, before the last iteration). */
    public void finish() {
        if (redraw && drawn) {
            out.println();
        }
    }

    private String line(int iteration, int max, double trainLoss, double validationLoss, int best, long now) {
        int filled = (int) ((long) WIDTH * iteration / max);
        double elapsed = (now - start) / 1e9;
        double left = elapsed / iteration * (max - iteration);
        StringBuilder bar = new StringBuilder("[");
        for (int i = 0; i < WIDTH; i++) {
            bar.append(i < filled ? '#' : '.');
        }
        bar.append(']');
        String losses = Double.isNaN(validationLoss)
                ? String.format(Locale.ROOT, "train %.5f", trainLoss)
                : String.format(Locale.ROOT, "train %.5f  valid %.5f  best %d", trainLoss, validationLoss, best);
        return String.format(Locale.ROOT, "%s %d/%d  %s  %s elapsed, ETA %s ", bar, iteration, max, losses,
                duration(elapsed), duration(left));
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
