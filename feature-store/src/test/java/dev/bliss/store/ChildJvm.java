package dev.bliss.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running one of the test mains, on this JVM's class path with its module and
 * native-access flags, with a line-oriented view of its stdout. Always {@link #close()} it
 * (try-with-resources or @AfterEach): close kills it.
 */
final class ChildJvm implements AutoCloseable {

    /**
     * How long a test waits for a child's line or exit. Generous because a JVM starting on a
     * loaded 2-core machine can take tens of seconds; still a bound, never a sleep.
     */
    static final Duration DEADLINE = Duration.ofSeconds(120);

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();

    private ChildJvm(Process process) {
        this.process = process;
        Thread pump = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // the child went away; waiters time out with the transcript
            }
        }, "child-stdout-" + process.pid());
        pump.setDaemon(true);
        pump.start();
    }

    static List<String> javaCommand(Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")) {
                command.add(arg);
            }
        }
        command.add("-Xmx256m");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** Starts {@code main} with {@code args}. */
    static ChildJvm start(Class<?> main, String... args) throws IOException {
        return start(javaCommand(main, args));
    }

    static ChildJvm start(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        return new ChildJvm(builder.start());
    }

    /** Waits for the next line starting with {@code prefix}; fails with the transcript after {@code timeout}. */
    String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : null;
            if (line == null) {
                throw new AssertionError("child " + process.pid() + " printed no line starting with '" + prefix
                        + "' within " + timeout + "; alive=" + process.isAlive() + "; output: " + transcript);
            }
            transcript.add(line);
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Waits for the child to exit; returns its exit code. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child " + process.pid() + " did not exit within " + timeout);
        }
        return process.exitValue();
    }

    /** kill -9, then waits for the kernel to reap it (its flocks and counters' holders are gone). */
    void killHard() throws InterruptedException {
        ProcessBuilder kill = new ProcessBuilder("kill", "-9", Long.toString(process.pid()));
        try {
            kill.start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroyForcibly();
        }
        awaitExit(DEADLINE);
    }

    long pid() {
        return process.pid();
    }

    List<String> transcript() {
        return transcript;
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
