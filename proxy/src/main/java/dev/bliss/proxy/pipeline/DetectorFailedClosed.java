package dev.bliss.proxy.pipeline;

/** A detector configured {@code on_error: closed} failed: the request must be refused. */
public final class DetectorFailedClosed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DetectorFailedClosed(String detector) {
        super("detector " + detector + " failed and is configured on_error: closed", null, false, false);
    }
}
