package com.example.bliss;

import dev.bliss.plugin.Detector;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;

/**
 * One per event loop. {@link #inspect} runs on the event loop for every request: it must not
 * block, and it allocates nothing (no String building, no regex, no boxing): it only reads the
 * view's CharSequences and writes primitive fields.
 */
final class HeaderAnomalyDetector implements Detector {

    private final IntField count;
    private final BoolField browserLikeMissing;
    private final BoolField tooMany;
    private final int maxHeaders;
    private final RequestHeaders headers;

    HeaderAnomalyDetector(IntField count, BoolField browserLikeMissing, BoolField tooMany, int maxHeaders,
                          RequestHeaders headers) {
        this.headers = headers;
        this.count = count;
        this.browserLikeMissing = browserLikeMissing;
        this.tooMany = tooMany;
        this.maxHeaders = maxHeaders;
    }

    @Override
    public void inspect(RequestView request, Fields fields) {
        int n = request.headerCount();
        fields.set(count, n);
        fields.set(tooMany, n > maxHeaders);
        CharSequence ua = request.header(headers.userAgent());
        boolean browserLike = ua != null && startsWith(ua, "Mozilla/");
        fields.set(browserLikeMissing, browserLike && request.header(headers.acceptLanguage()) == null);
    }

    private static boolean startsWith(CharSequence s, String prefix) {
        if (s.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (s.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
