package dev.bliss.training.report;

import dev.bliss.training.gbdt.TrainingListener;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Training progress on stderr: iteration, losses, the best iteration so far and the time left.
 * On a terminal ({@code System.console() != null}) one line redrawn with {@code \r}; otherwise (a
 * log file, CI) a plain line every twentieth of the run, so logs stay short.
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

    /** Redraws in place when the JVM has a console. */
    public static ProgressBar onStderr() {
        return new ProgressBar(System.err, System.console() != null);
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
