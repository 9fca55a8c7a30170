package dev.bliss.bot.detectionlog;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.PluginMetrics;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * One event loop's side of the detection log: samples requests in {@code inspect}, keeps what
 * they need in the request's own {@link PendingRecord}, and in {@code onComplete} writes the
 * finished record into the ring in the layout of {@link DetectionRecordLayout}.
 *
 * <p><b>Labels are never sampled away.</b> A request whose outcome is a challenge label (solved
 * or failed, {@code ChallengeOutcome.isLabel}) is the one row a site without ground truth can
 * train on, and there are few of them, so they are written whatever the sample rate. The outcome
 * is only known at completion, so a challenge submission (the host's
 * {@code bot.challenge.submission}) gets a pending record in inspect even when the coin says
 * no, and that record is written at completion only if the outcome is a label.
 *
 * <p><b>Thread:</b> its event loop only (one per {@code BotDetector}); the ring is the only thing
 * shared, through Agrona's many-to-one claim (one CAS on the tail).
 *
 * <p><b>Never blocking, never allocating:</b> when the ring has no room the record is dropped and
 * counted ({@code reason="queue_full"}), and the request goes on. Every request in flight brings
 * its own record, so there is no limit on how many sampled requests may be in flight.
 */
public final class DetectionRecorder {

    private static final long ALWAYS = -1;

    private final RingBuffer ring;
    private final int dimensions;
    private final int inputs;
    private final long sampleThreshold;
    private final PluginMetrics.Counter queueFull;
    private long random;
    /** Records begun and not yet completed on this loop (tests). */
    private int pendingCount;

    DetectionRecorder(RingBuffer ring, DetectionLogSettings settings, int dimensions, int inputs, long seed,
                      PluginMetrics.Counter queueFull) {
        this.ring = ring;
        this.dimensions = dimensions;
        this.inputs = inputs;
        this.sampleThreshold = settings.sampleRate() >= 1 ? ALWAYS : (long) (settings.sampleRate() * (1L << 53));
        this.queueFull = queueFull;
        this.random = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
    }

    /** {@link #begin(PendingRecord, boolean)} for a request that submits no challenge solution. */
    public PendingRecord begin(PendingRecord record) {
        return begin(record, false);
    }

    /**
     * Decides whether this request may be logged and, if so, returns its record, cleared and
     * pending, for the caller to fill before the request moves on; {@code null} when the request
     * is neither sampled nor a challenge submission (its record is then left not pending).
     *
     * @param record     the request's own record (its attachment), whatever it held before
     * @param submission the request submits a challenge solution: kept for its outcome if not sampled
     */
    public PendingRecord begin(PendingRecord record, boolean submission) {
        if (record.pending) {
            // the record's previous request never completed (the SPI says it cannot happen): forget it
            record.pending = false;
            pendingCount--;
        }
        boolean sampled = sampled();
        if (!sampled && !submission) {
            return null;
        }
        record.clear();
        record.sampled = sampled;
        record.pending = true;
        pendingCount++;
        return record;
    }

    /**
     * Completes the request's record, if {@link #begin} made it pending, with how the request
     * ended, and hands it to the writer; a record that is not pending (not sampled, or the
     * request was answered before the detectors ran) is left alone.
     *
     * @param requestId     the proxy's request id
     * @param arrivalMillis when the request arrived, epoch milliseconds
     */
    public void complete(PendingRecord record, CharSequence requestId, Completion completion, long arrivalMillis) {
        if (!record.pending) {
            return;
        }
        record.pending = false;
        pendingCount--;
        if (record.sampled || completion.challenge().isLabel()) {
            record.arrivalMillis = arrivalMillis;
            write(record, requestId, completion);
        }
    }

    /** Records begun and not yet completed on this loop (tests). */
    int pendingCount() {
        return pendingCount;
    }

    private void write(PendingRecord r, CharSequence requestId, Completion completion) {
        CharSequence ruleId = completion.ruleId();
        int ruleLength = ruleId == null ? 0 : Math.min(ruleId.length(), DetectionRecordLayout.MAX_RULE_ID);
        int idLength = requestId == null ? 0 : Math.min(requestId.length(), DetectionRecordLayout.MAX_REQUEST_ID);
        int count = r.detectionIdCount;
        int at = ring.tryClaim(DetectionRecordLayout.MESSAGE_TYPE,
                DetectionRecordLayout.length(dimensions, inputs, count, ruleLength, idLength));
        if (at < 0) {
            queueFull.increment();
            return;
        }
        try {
            fill(ring.buffer(), at, r, requestId, idLength, completion, ruleId, ruleLength);
        } catch (RuntimeException e) {
            ring.abort(at); // an uncommitted claim would stop the writer at this record for good
            throw e;
        }
        ring.commit(at);
    }

    private void fill(AtomicBuffer b, int at, PendingRecord r, CharSequence requestId, int idLength, Completion completion,
                      CharSequence ruleId, int ruleLength) {
        int count = r.detectionIdCount;
        b.putLong(at + DetectionRecordLayout.TIMESTAMP_OFFSET, r.arrivalMillis);
        b.putInt(at + DetectionRecordLayout.STATUS_OFFSET, completion.status());
        b.putInt(at + DetectionRecordLayout.SCORE_OFFSET, r.score);
        b.putInt(at + DetectionRecordLayout.FLAGS_OFFSET,
                (r.verifiedCategory != null ? DetectionRecordLayout.FLAG_VERIFIED : 0)
                        | (r.featuresAvailable ? DetectionRecordLayout.FLAG_FEATURES_AVAILABLE : 0)
                        | completion.challenge().ordinal() << DetectionRecordLayout.CHALLENGE_SHIFT);
        b.putByte(at + DetectionRecordLayout.SOURCE_OFFSET, (byte) r.source.ordinal());
        b.putByte(at + DetectionRecordLayout.ACTION_OFFSET, (byte) completion.action().ordinal());
        b.putByte(at + DetectionRecordLayout.CATEGORY_OFFSET,
                (byte) (r.verifiedCategory == null ? 0 : r.verifiedCategory.ordinal() + 1));
        b.putByte(at + DetectionRecordLayout.DETECTION_COUNT_OFFSET, (byte) count);
        for (int i = 0; i < DetectionRecordLayout.MAX_SHADOW_SCORES; i++) {
            b.putByte(at + DetectionRecordLayout.SHADOW_SCORES_OFFSET + i, r.shadowScores[i]);
        }
        b.putLong(at + DetectionRecordLayout.KEY_PRESENCE_OFFSET, r.keyPresence);
        b.putShort(at + DetectionRecordLayout.RULE_ID_LENGTH_OFFSET, (short) ruleLength);
        b.putShort(at + DetectionRecordLayout.REQUEST_ID_LENGTH_OFFSET, (short) idLength);
        int k = at + DetectionRecordLayout.KEYS_OFFSET;
        for (int i = 0; i < dimensions; i++, k += Long.BYTES) {
            b.putLong(k, r.keys[i]);
        }
        int f = at + DetectionRecordLayout.featuresOffset(dimensions);
        for (int i = 0; i < inputs; i++, f += Float.BYTES) {
            b.putFloat(f, r.features[i]);
        }
        int d = at + DetectionRecordLayout.detectionIdsOffset(dimensions, inputs);
        for (int i = 0; i < count; i++, d += Integer.BYTES) {
            b.putInt(d, r.detectionIds[i]);
        }
        int c = at + DetectionRecordLayout.ruleIdOffset(dimensions, inputs, count);
        for (int i = 0; i < ruleLength; i++, c += Character.BYTES) {
            b.putChar(c, ruleId.charAt(i));
        }
        for (int i = 0; i < idLength; i++, c += Character.BYTES) {
            b.putChar(c, requestId.charAt(i));
        }
    }

    /** xorshift64: a sampling coin per request without allocation or a shared generator. */
    private boolean sampled() {
        if (sampleThreshold == ALWAYS) {
            return true;
        }
        long x = random;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return (x >>> 11) < sampleThreshold;
    }
}
