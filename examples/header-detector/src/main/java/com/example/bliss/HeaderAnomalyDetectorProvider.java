package com.example.bliss;

import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.DetectorProvider;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.IntField;

/**
 * An example detector plugin: flags requests whose headers look unlike a browser's.
 *
 * <p>Fields it produces, for rules such as {@code headers.browser_like_missing and not bot.verified}:
 * <ul>
 *   <li>{@code headers.count} (Int): the number of request headers</li>
 *   <li>{@code headers.browser_like_missing} (Bool): a browser user agent without the
 *       Accept-Language header every browser sends</li>
 * </ul>
 *
 * <p>Configuration ({@code plugins[].config}):
 * <pre>
 *   max_headers: 100        # more headers than this also sets headers.too_many
 * </pre>
 */
public final class HeaderAnomalyDetectorProvider implements DetectorProvider {

    @Override
    public String type() {
        return "example-headers";
    }

    @Override
    public DetectorFactory prepare(DetectorContext context) throws ConfigException {
        // 1. read and validate the configuration; every key must be read (unknown keys are errors)
        ConfigSection config = context.config();
        int maxHeaders = config.integer("max_headers", 100, 1, 10_000);

        // 2. declare the fields, once; the handles are used on every request
        FieldRegistry fields = context.fields();
        IntField count = fields.produceInt("headers.count");
        BoolField browserLikeMissing = fields.produceBool("headers.browser_like_missing");
        BoolField tooMany = fields.produceBool("headers.too_many");

        // 3. resolve the header names read per request, once: the proxy then hashes nothing per lookup
        RequestHeaders headers = new RequestHeaders(context.headerName("user-agent"), context.headerName("accept-language"));

        // 4. the factory makes one detector per event loop: no locks needed inside it
        return () -> new HeaderAnomalyDetector(count, browserLikeMissing, tooMany, maxHeaders, headers);
    }
}
