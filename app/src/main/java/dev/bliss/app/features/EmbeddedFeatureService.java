package dev.bliss.app.features;

import dev.bliss.features.FeatureService;
import dev.bliss.store.StoreException;
import java.io.IOException;

/**
 * The feature service inside {@code bliss run}: the same {@link FeatureService} as
 * {@code bliss feature-service}, on its own threads in the proxy's JVM, talking to the proxy only
 * through the store directory's files. Started before the proxy, so the ring and the store exist
 * when the plugin opens them.
 */
public final class EmbeddedFeatureService {

    private EmbeddedFeatureService() {
    }

    /**
     * Starts the service unless the configuration says {@code embedded: false}.
     *
     * @return the running service, or null when not embedded or it could not start (the proxy
     *         runs regardless; the reason is printed, and features are unavailable until some
     *         feature service publishes)
     */
    public static FeatureService startIfConfigured(ServiceConfig config) {
        if (!config.settings().embedded()) {
            return null;
        }
        try {
            FeatureService service = FeatureService.start(config.settings().options(), config.schema().schema(),
                    config.schema().maxKeys());
            System.out.println("bliss feature service (embedded): events from " + service.ring().path() + ", store "
                    + service.storePrefix() + (service.adminPort() > 0 ? ", admin on http://"
                    + config.settings().options().adminHost() + ':' + service.adminPort() + '/' : ""));
            return service;
        } catch (StoreException e) {
            if (e.reason() == StoreException.Reason.WRITER_LOCKED) {
                System.out.println("bliss: not starting the embedded feature service: " + e.getMessage()
                        + " (a bliss feature-service process, presumably; the proxy reads what it publishes)");
            } else {
                System.err.println("bliss: the embedded feature service cannot start, scoring without its features: "
                        + e.getMessage());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("bliss: the embedded feature service cannot start, scoring without its features: "
                    + e.getMessage());
        }
        return null;
    }
}
