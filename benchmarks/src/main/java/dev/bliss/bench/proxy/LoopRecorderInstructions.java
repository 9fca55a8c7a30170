package dev.bliss.bench.proxy;

/**
 * Drives {@link LoopRecorderBenchmark}'s exchanges outside JMH for an instruction count: warms
 * the recorder on the same mix every run (scored, low-score and harness calls, so the compiled
 * code sees the profile the proxy's loop gives it), then makes {@code n} calls of one kind.
 * {@code benchmarks/instructions/run.sh} runs it under valgrind's callgrind twice, with
 * {@code n = 0} and a large {@code n}, and divides the difference by {@code n}: instructions per
 * call, the same on a busy machine as on a quiet one, where JMH's nanoseconds on this VM move
 * by more than the few nanoseconds in question.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.bliss.bench.proxy.LoopRecorderInstructions recordScored 4000000</pre>
 */
public final class LoopRecorderInstructions {

    private static final int WARM_UP_ROUNDS = 3;
    private static final int WARM_UP_CALLS = 300_000;

    private LoopRecorderInstructions() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: LoopRecorderInstructions harness|recordScored|recordLowScore <calls>");
            System.exit(2);
        }
        String kind = args[0];
        long calls = Long.parseLong(args[1]);
        LoopRecorderBenchmark b = new LoopRecorderBenchmark();
        b.perSecond = Integer.getInteger("perSecond", 20_000);
        b.tables = Integer.getInteger("tables", 1);
        b.setUp();
        Object last = null;
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                last = b.harness();
                b.recordScored();
                b.recordLowScore();
            }
        }
        switch (kind) {
            case "harness" -> {
                for (long i = 0; i < calls; i++) {
                    last = b.harness();
                }
            }
            case "recordScored" -> {
                for (long i = 0; i < calls; i++) {
                    b.recordScored();
                }
            }
            case "recordLowScore" -> {
                for (long i = 0; i < calls; i++) {
                    b.recordLowScore();
                }
            }
            default -> {
                System.err.println("unknown kind " + kind);
                System.exit(2);
            }
        }
        // keeps the harness calls' result alive, so the loop is not compiled away
        System.out.println(kind + " " + calls + (last == null ? " -" : " ok"));
    }
}
