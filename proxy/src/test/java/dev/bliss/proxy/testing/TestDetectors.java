package dev.bliss.proxy.testing;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.DetectorProvider;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Detector plugins used by the proxy's tests, registered with ServiceLoader from the test class
 * path like any user plugin.
 */
public final class TestDetectors {

    private TestDetectors() {
    }

    /**
     * {@code test-counter}: produces {@code <name>.count} (Int, the request's ordinal on its loop)
     * and consumes the fields listed in {@code consumes}; sends {@code x-<name>-count} to the origin.
     */
    public static final class Counter implements DetectorProvider {

        /** onComplete calls seen, across all instances; tests read it. */
        public static final AtomicInteger COMPLETED = new AtomicInteger();

        @Override
        public String type() {
            return "test-counter";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) throws ConfigException {
            FieldRegistry fields = context.fields();
            IntField count = fields.produceInt(context.name() + ".count");
            List<String> consumes = context.config().strings("consumes");
            for (String c : consumes) {
                fields.consume(c, IntField.class);
            }
            String header = "x-" + context.name() + "-count";
            return () -> new Detector() {
                private final StringBuilder text = new StringBuilder(20);
                private long n;

                @Override
                public void inspect(RequestView request, Fields f) {
                    f.set(count, ++n);
                }

                @Override
                public void forward(RequestView request, Fields f, OriginHeaders origin) {
                    text.setLength(0);
                    origin.set(header, text.append(f.get(count)));
                }

                @Override
                public void onComplete(RequestView request, Fields f, Completion completion) {
                    COMPLETED.incrementAndGet();
                }
            };
        }
    }

    /**
     * {@code test-reloadable}: reads the file named by {@code file} when prepared and on every
     * reload into {@link #LOADED}, refusing (with its path and line 1) a file that says
     * {@code invalid}; counts {@link #REOPENS} of its logs. Sends {@code x-reloadable} with what
     * it loaded.
     */
    public static final class Reloadable implements DetectorProvider {

        public static final java.util.concurrent.atomic.AtomicReference<String> LOADED = new java.util.concurrent.atomic.AtomicReference<>();
        public static final AtomicInteger REOPENS = new AtomicInteger();

        @Override
        public String type() {
            return "test-reloadable";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) throws ConfigException {
            java.nio.file.Path file = context.configDirectory().resolve(context.config().requireString("file"));
            LOADED.set(read(file));
            return new DetectorFactory() {
                @Override
                public Detector newDetector() {
                    return new Detector() {
                        @Override
                        public void inspect(RequestView request, Fields f) {
                        }

                        @Override
                        public void forward(RequestView request, Fields f, OriginHeaders origin) {
                            origin.set("x-reloadable", LOADED.get());
                        }
                    };
                }

                @Override
                public String reload() throws ConfigException {
                    LOADED.set(read(file));
                    return "loaded " + LOADED.get();
                }

                @Override
                public void reopenLogs() {
                    REOPENS.incrementAndGet();
                }
            };
        }

        private static String read(java.nio.file.Path file) throws ConfigException {
            try {
                String text = java.nio.file.Files.readString(file).strip();
                if (text.contains("invalid")) {
                    throw new ConfigException(new dev.bliss.plugin.config.Position(file.toString(), 1, 1), "", "refused: " + text);
                }
                return text;
            } catch (java.io.IOException e) {
                throw new ConfigException(dev.bliss.plugin.config.Position.builtIn(file.toString()), "", "cannot read: " + e);
            }
        }
    }

    /**
     * {@code test-outcome}: sends the request id it sees to the origin as {@code x-test-request-id},
     * and records what each log phase saw, as {@code <request id> <status> <rule id> <action>
     * <same view>} (the last: whether onComplete got the view inspect got), in {@link #SEEN}.
     */
    public static final class Outcome implements DetectorProvider {

        /** One line per completed request, across all instances; tests read it. */
        public static final java.util.concurrent.BlockingQueue<String> SEEN = new java.util.concurrent.LinkedBlockingQueue<>();

        @Override
        public String type() {
            return "test-outcome";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            IntField view = context.fields().produceInt(context.name() + ".view");
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                    f.set(view, System.identityHashCode(request));
                }

                @Override
                public void forward(RequestView request, Fields f, OriginHeaders origin) {
                    origin.set("x-test-request-id", request.requestId());
                }

                @Override
                public void onComplete(RequestView request, Fields f, Completion completion) {
                    SEEN.add(request.requestId() + " " + completion.status() + " " + completion.ruleId() + " "
                            + completion.action().text() + " " + (f.isSet(view) && f.get(view) == System.identityHashCode(request)));
                }
            };
        }
    }

    /**
     * {@code test-set-cookie}: records the origin's Set-Cookie values each log phase saw, as
     * {@code <path> <count>[ <value>|<value>...]}, in {@link #SEEN}.
     */
    public static final class SetCookies implements DetectorProvider {

        /** One line per completed request, across all instances; tests read it. */
        public static final java.util.concurrent.BlockingQueue<String> SEEN = new java.util.concurrent.LinkedBlockingQueue<>();

        @Override
        public String type() {
            return "test-set-cookie";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                }

                @Override
                public void onComplete(RequestView request, Fields f, Completion completion) {
                    StringBuilder line = new StringBuilder().append(request.path()).append(' ').append(completion.setCookieCount());
                    for (int i = 0; i < completion.setCookieCount(); i++) {
                        line.append(i == 0 ? ' ' : '|').append(completion.setCookie(i));
                    }
                    SEEN.add(line.toString());
                }
            };
        }
    }

    /** {@code test-throw}: throws from inspect on every request. */
    public static final class Thrower implements DetectorProvider {

        @Override
        public String type() {
            return "test-throw";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            IntField never = context.fields().produceInt(context.name() + ".never");
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                    throw new IllegalStateException("detector bug for the test");
                }

                @Override
                public void forward(RequestView request, Fields f, OriginHeaders origin) {
                    origin.set("x-never-set", f.isSet(never) ? "set" : "unset");
                }
            };
        }
    }

    /**
     * {@code test-secretive}: accepts any configuration (it reads every key) and declares
     * {@code dsn} and {@code nested.seed} secret, as a plugin whose secrets have innocent names does.
     */
    public static final class Secretive implements DetectorProvider {

        @Override
        public String type() {
            return "test-secretive";
        }

        @Override
        public java.util.Set<String> secretKeys() {
            return java.util.Set.of("dsn", "nested.seed");
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            readAll(context.config());
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                }
            };
        }

        private static void readAll(dev.bliss.plugin.config.ConfigSection section) {
            for (String key : section.keys()) {
                if (section.node(key) instanceof dev.bliss.plugin.config.ConfigNode.Mapping m) {
                    readAll(new dev.bliss.plugin.config.ConfigSection(m, section.keyPath(key)));
                }
            }
        }
    }

    /**
     * {@code test-mapped-fault}: reads a mapped file that was truncated under it, so the read
     * faults as a truncated feature store or events ring does: the JVM turns the SIGBUS into an
     * {@link InternalError} ("a fault occurred in an unsafe memory access operation"). Where is
     * {@code phase}: {@code inspect} (the default) or {@code complete} (the log phase).
     */
    public static final class MappedFault implements DetectorProvider {

        @Override
        public String type() {
            return "test-mapped-fault";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) throws ConfigException {
            String phase = context.config().oneOf("phase", "inspect", "inspect", "complete");
            java.nio.MappedByteBuffer mapped;
            try {
                java.nio.file.Path file = java.nio.file.Files.createTempFile("bliss-mapped-fault", ".bin");
                try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file,
                        java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
                    channel.write(java.nio.ByteBuffer.allocate(8192), 0);
                    mapped = channel.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, 8192);
                    channel.truncate(0);
                }
                java.nio.file.Files.delete(file);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            boolean inInspect = phase.equals("inspect");
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                    if (inInspect) {
                        mapped.get(4096);
                    }
                }

                @Override
                public void onComplete(RequestView request, Fields f, Completion completion) {
                    if (!inInspect) {
                        mapped.get(4096);
                    }
                }
            };
        }
    }

    /**
     * {@code test-fingerprint}: sends the request's TLS fingerprints to the origin as
     * {@code x-test-ja3} and {@code x-test-ja4} ({@code none} when absent), and in
     * {@code x-test-fingerprint-alloc} the bytes its event loop allocated while reading them
     * (the first read per request, which does the connection lookup).
     */
    public static final class Fingerprint implements DetectorProvider {

        @Override
        public String type() {
            return "test-fingerprint";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            IntField allocated = context.fields().produceInt(context.name() + ".allocated");
            return () -> new Detector() {
                private final com.sun.management.ThreadMXBean threads =
                        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                private final StringBuilder text = new StringBuilder(20);

                @Override
                public void inspect(RequestView request, Fields f) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    CharSequence ja3 = request.ja3Hash();
                    CharSequence ja4 = request.ja4();
                    long after = threads.getCurrentThreadAllocatedBytes();
                    f.set(allocated, after - before);
                }

                @Override
                public void forward(RequestView request, Fields f, OriginHeaders origin) {
                    CharSequence ja3 = request.ja3Hash();
                    CharSequence ja4 = request.ja4();
                    origin.set("x-test-ja3", ja3 == null ? "none" : ja3);
                    origin.set("x-test-ja4", ja4 == null ? "none" : ja4);
                    text.setLength(0);
                    origin.set("x-test-fingerprint-alloc", text.append(f.get(allocated)));
                }
            };
        }
    }

    /**
     * {@code test-stall}: an async detector whose stage never completes, so every request waits
     * out its budget; {@link #AFTER} counts the inspections of the detector ordered after it
     * ({@code test-after}), {@link #FAILURES} the exceptions that one saw.
     */
    public static final class Stall implements DetectorProvider {

        @Override
        public String type() {
            return "test-stall";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            context.fields().produceInt("stall.ran");
            return () -> new dev.bliss.plugin.AsyncDetector<Void>() {
                @Override
                public void inspect(RequestView request, Fields f) {
                }

                @Override
                public java.util.concurrent.CompletionStage<Void> begin(RequestView request, Fields f) {
                    return new java.util.concurrent.CompletableFuture<>();
                }

                @Override
                public void resume(RequestView request, Fields f, Void result) {
                }
            };
        }
    }

    /** {@code test-after}: consumes {@code stall.ran}, so it runs after {@code test-stall}; counts its inspections. */
    public static final class After implements DetectorProvider {

        public static final java.util.concurrent.atomic.AtomicInteger INSPECTED = new java.util.concurrent.atomic.AtomicInteger();
        public static final java.util.concurrent.atomic.AtomicInteger FAILURES = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public String type() {
            return "test-after";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            context.fields().consume("stall.ran", IntField.class);
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                    INSPECTED.incrementAndGet();
                    try {
                        request.method().length();
                        request.path().length();
                    } catch (RuntimeException e) {
                        FAILURES.incrementAndGet();
                        throw e;
                    }
                }
            };
        }
    }

    /**
     * {@code test-score}: produces the fields bot management produces, from request headers, so
     * the proxy's dashboard can be tested without a model: {@code bot.score} from
     * {@code x-test-score} (unset when absent), {@code bot.score_source} from {@code x-test-source}
     * (default {@code machine_learning}), {@code bot.detection_ids} from {@code x-test-detection}
     * (one id), {@code bot.ja4} from {@code x-test-ja4}; and reports the score and the id to the
     * loop's {@link ScoreTally} in its log phase, as bot management does.
     */
    public static final class Score implements DetectorProvider {

        @Override
        public String type() {
            return "test-score";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) {
            FieldRegistry registry = context.fields();
            IntField score = registry.produceInt("bot.score");
            dev.bliss.plugin.field.BytesField source = registry.produceBytes("bot.score_source", 16);
            dev.bliss.plugin.field.IntArrayField ids = registry.produceIntArray("bot.detection_ids", 4);
            dev.bliss.plugin.field.BytesField ja4 = registry.produceBytes("bot.ja4", 36);
            return new DetectorFactory() {
                @Override
                public Detector newDetector() {
                    return newDetector(ScoreTally.NONE);
                }

                @Override
                public Detector newDetector(ScoreTally scores) {
                    return new Detector() {
                        @Override
                        public void inspect(RequestView request, Fields f) {
                            CharSequence s = request.header("x-test-score");
                            if (s != null) {
                                f.set(score, digits(s));
                            }
                            CharSequence src = request.header("x-test-source");
                            f.set(source, src != null ? src : "machine_learning");
                            f.setEmpty(ids);
                            CharSequence id = request.header("x-test-detection");
                            if (id != null) {
                                f.add(ids, digits(id));
                            }
                            CharSequence fp = request.header("x-test-ja4");
                            if (fp != null) {
                                f.set(ja4, fp);
                            }
                        }

                        @Override
                        public void onComplete(RequestView request, Fields f, Completion completion) {
                            if (!f.isSet(source)) {
                                return; // answered before the detectors ran
                            }
                            CharSequence src = request.header("x-test-source");
                            scores.scored(dev.bliss.plugin.field.Symbol.of(src != null ? src.toString() : "machine_learning"),
                                    f.isSet(score) ? (int) f.get(score) : 0);
                            for (int i = 0; i < f.length(ids); i++) {
                                scores.detected((int) f.get(ids, i));
                            }
                        }
                    };
                }
            };
        }

        private static long digits(CharSequence s) {
            long v = 0;
            for (int i = 0; i < s.length(); i++) {
                v = v * 10 + (s.charAt(i) - '0');
            }
            return v;
        }
    }
}
