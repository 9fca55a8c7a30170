package dev.bliss.proxy.testing;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real headless Chromium (Debian's {@code chromium}) driven over the Chrome DevTools Protocol:
 * a child process with a fresh profile, one page target attached in flat mode. Only what the
 * tests need: a user-agent override, navigate, evaluate (awaiting promises), screenshot. Every wait is bounded.
 *
 * <p>Not thread-safe; one test thread.
 */
public final class HeadlessChromium implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final int TIMEOUT_SECONDS = 30;

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();
    private final String session;

    private HeadlessChromium(Process process, String endpoint) throws Exception {
        this.process = process;
        this.socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(endpoint), new Listener()).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        String target = call(null, "Target.createTarget", new JsonObject().put("url", "about:blank")).getString("targetId");
        this.session = call(null, "Target.attachToTarget", new JsonObject().put("targetId", target).put("flatten", true))
                .getString("sessionId");
        call(session, "Page.enable", new JsonObject());
        call(session, "Runtime.enable", new JsonObject());
    }

    /** Starts {@code chromium} with a profile in {@code profile}; fails if it is not installed. */
    public static HeadlessChromium start(Path profile, int width, int height) throws Exception {
        return start(profile, width, height, List.of());
    }

    /**
     * As {@link #start(Path, int, int)}, with more command-line switches (e.g.
     * {@code --ignore-certificate-errors} for a proxy with the self-signed test certificate).
     */
    public static HeadlessChromium start(Path profile, int width, int height, List<String> switches) throws Exception {
        String binary = Files.isExecutable(Path.of("/usr/bin/chromium")) ? "/usr/bin/chromium" : "chromium";
        List<String> command = new ArrayList<>(List.of(binary, "--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--hide-scrollbars", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=" + width + "," + height));
        command.addAll(switches);
        command.add("about:blank");
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        CompletableFuture<String> endpoint = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        endpoint.complete(m.group(1));
                    }
                }
                endpoint.completeExceptionally(new IllegalStateException("chromium exited with " + p.waitFor()));
            } catch (IOException | InterruptedException e) {
                endpoint.completeExceptionally(e);
            }
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            return new HeadlessChromium(p, endpoint.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /**
     * Makes the page's requests say {@code userAgent} (and navigator.userAgent agree), as an
     * automation script hiding "HeadlessChrome" does; the rest of the browser's headers, its
     * client hints and its TLS stay what they are.
     */
    public void userAgent(String userAgent) throws Exception {
        call(session, "Emulation.setUserAgentOverride", new JsonObject().put("userAgent", userAgent));
    }

    /** Loads {@code url} and waits for its load event. */
    public void navigate(String url) throws Exception {
        call(session, "Page.navigate", new JsonObject().put("url", url));
        evaluate("new Promise(r => document.readyState === 'complete' ? r(true) : addEventListener('load', () => r(true)))");
    }

    /**
     * Evaluates {@code expression} in the page; a promise is awaited. Returns the value (JSON
     * types); a thrown error fails with its description.
     */
    public Object evaluate(String expression) throws Exception {
        JsonObject r = call(session, "Runtime.evaluate", new JsonObject().put("expression", expression)
                .put("awaitPromise", true).put("returnByValue", true));
        if (r.containsKey("exceptionDetails")) {
            JsonObject details = r.getJsonObject("exceptionDetails");
            JsonObject exception = details.getJsonObject("exception");
            throw new AssertionError("page script failed: " + (exception != null ? exception.getString("description") : details.encode()));
        }
        return r.getJsonObject("result").getValue("value");
    }

    /**
     * Waits in the page, on its own timers and at most 20 s, until the script expression
     * {@code condition} holds, then evaluates {@code value}; fails with the condition when it
     * never held.
     */
    public Object evaluateWhen(String condition, String value) throws Exception {
        String quoted = "'" + condition.replace("\\", "\\\\").replace("'", "\\'") + "'";
        return evaluate("new Promise((resolve, reject) => { const t0 = Date.now(); (function check() {"
                + " if (" + condition + ") resolve(" + value + ");"
                + " else if (Date.now() - t0 > 20000) reject(new Error('timed out waiting for: ' + " + quoted + "));"
                + " else setTimeout(check, 50); })(); })");
    }

    /** A PNG of the page, the full document height. */
    public byte[] screenshot() throws Exception {
        JsonObject r = call(session, "Page.captureScreenshot", new JsonObject().put("format", "png").put("captureBeyondViewport", true));
        return Base64.getDecoder().decode(r.getString("data"));
    }

    private JsonObject call(String sessionId, String method, JsonObject params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> answer = new CompletableFuture<>();
        pending.put(id, answer);
        JsonObject message = new JsonObject().put("id", id).put("method", method).put("params", params);
        if (sessionId != null) {
            message.put("sessionId", sessionId);
        }
        socket.sendText(message.encode(), true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        JsonObject reply = answer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (reply.containsKey("error")) {
            throw new AssertionError(method + " failed: " + reply.getJsonObject("error").encode());
        }
        return reply.getJsonObject("result");
    }

    @Override
    public void close() throws Exception {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the browser goes anyway, below
        }
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Collects the frames of each message; answers complete their call, events are ignored. */
    private final class Listener implements WebSocket.Listener {

        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                JsonObject message = new JsonObject(text.toString());
                text.setLength(0);
                Integer id = message.getInteger("id");
                if (id != null) {
                    CompletableFuture<JsonObject> f = pending.remove(id);
                    if (f != null) {
                        f.complete(message);
                    }
                }
            }
            webSocket.request(1);
            return null;
        }
    }
}
