package dev.bliss.bench.tls;

import dev.bliss.proxy.tls.ClientHelloAssembler;
import dev.bliss.proxy.tls.ClientHelloStatus;
import dev.bliss.proxy.tls.TlsFingerprint;
import dev.bliss.proxy.tls.TlsFingerprinter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost per new TLS connection of the proxy's ClientHello capture, on real ClientHellos:
 * <ul>
 *   <li>{@code fingerprint}: parse the ClientHello body and compute JA3 (text + MD5) and JA4
 *       (sorting, SHA-256 twice, JA4_r), with the event loop's reused {@link TlsFingerprinter};
 *   <li>{@code captureAndFingerprint}: what a connection pays in all: a new
 *       {@link ClientHelloAssembler} reading the records from a Netty buffer (one read), then the
 *       same as above.
 * </ul>
 * The allocation per operation ({@code gc.alloc.rate.norm} with {@code -prof gc}) is the result
 * record and its four strings, plus, for the capture, the assembler and its exactly sized copy
 * of the message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class ClientHelloFingerprintBenchmark {

    @Param({"chromium", "curl"})
    public String client;

    private final TlsFingerprinter fingerprinter = new TlsFingerprinter();
    private ByteBuf wire;
    private byte[] message;
    private int bodyOffset;
    private int bodyLength;

    @Setup(Level.Trial)
    public void setUp() {
        byte[] bytes = client.equals("chromium") ? CapturedClientHellos.CHROMIUM : CapturedClientHellos.CURL;
        wire = Unpooled.wrappedBuffer(bytes);
        ClientHelloAssembler assembler = new ClientHelloAssembler();
        if (assembler.offer(wire) != ClientHelloStatus.COMPLETE) {
            throw new IllegalStateException("the capture is not one whole ClientHello");
        }
        message = assembler.message();
        bodyOffset = assembler.bodyOffset();
        bodyLength = assembler.bodyLength();
        if (fingerprinter.fingerprint(message, bodyOffset, bodyLength) == null) {
            throw new IllegalStateException("the capture does not parse");
        }
    }

    @Benchmark
    public TlsFingerprint fingerprint() {
        return fingerprinter.fingerprint(message, bodyOffset, bodyLength);
    }

    @Benchmark
    public TlsFingerprint captureAndFingerprint() {
        ClientHelloAssembler assembler = new ClientHelloAssembler();
        assembler.offer(wire);
        return fingerprinter.fingerprint(assembler);
    }
}
