package dev.bliss.challenge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The challenge page a browser gets: one self-contained HTML document (inline style and script,
 * no external resource, about 3.6 KB) that runs the proof of work and the environment checks,
 * then submits the result to the reserved verification path with a GET form (so the proxy needs
 * no request body on that path) and follows the redirect back to the page first asked for.
 *
 * <p>The script and the style never change per request (the nonce, difficulty and return path
 * are read from the form's attributes), so the Content-Security-Policy allows exactly them by
 * hash, computed once here: {@code default-src 'none'} and nothing else may load or run.
 *
 * <p>Immutable and thread-safe. {@link #render} allocates the page (a few KB per challenged
 * request: a challenge is what the client pays for, not the proxy's hot path).
 */
public final class InterstitialPage {

    private static final String RESOURCE = "interstitial.html";
    private static final String[] PLACEHOLDERS = {"verify", "difficulty", "nonce", "rule", "return", "request_id"};

    private final List<String> literals = new ArrayList<>();
    private final List<Integer> slots = new ArrayList<>();
    private final String contentSecurityPolicy;
    private final int templateLength;

    private InterstitialPage(String template) {
        this.templateLength = template.length();
        int at = 0;
        while (true) {
            int open = template.indexOf("{{", at);
            if (open < 0) {
                literals.add(template.substring(at));
                break;
            }
            int close = template.indexOf("}}", open);
            String name = template.substring(open + 2, close);
            int slot = java.util.Arrays.asList(PLACEHOLDERS).indexOf(name);
            if (slot < 0) {
                throw new IllegalStateException("unknown placeholder {{" + name + "}} in " + RESOURCE);
            }
            literals.add(template.substring(at, open));
            slots.add(slot);
            at = close + 2;
        }
        this.contentSecurityPolicy = "default-src 'none'; script-src '" + hashOf(template, "<script>", "</script>")
                + "'; style-src '" + hashOf(template, "<style>", "</style>")
                + "'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    }

    /** The page built into this module. */
    public static InterstitialPage load() {
        try (InputStream in = InterstitialPage.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the challenge module's jar");
            }
            return new InterstitialPage(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Content-Security-Policy header value that goes with every rendered page. */
    public String contentSecurityPolicy() {
        return contentSecurityPolicy;
    }

    /**
     * The page for one challenged request, UTF-8.
     *
     * @param verifyPath the reserved verification path, e.g. {@code /.bliss/challenge/verify}
     * @param returnTo   where to go once solved: the request's own path and query
     */
    public byte[] render(String verifyPath, int difficulty, String nonce, CharSequence ruleId, CharSequence returnTo,
                         CharSequence requestId) {
        String[] values = {verifyPath, Integer.toString(difficulty), nonce, text(ruleId), text(returnTo), text(requestId)};
        StringBuilder out = new StringBuilder(templateLength + 512);
        for (int i = 0; i < slots.size(); i++) {
            out.append(literals.get(i));
            escape(values[slots.get(i)], out);
        }
        out.append(literals.getLast());
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String text(CharSequence s) {
        return s == null ? "" : s.toString();
    }

    /** Escapes for both text and double-quoted attributes. */
    private static void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c < 0x20 ? ' ' : c);
            }
        }
    }

    /** CSP's 'sha256-…' source for the content between the first {@code open} and {@code close} tags. */
    private static String hashOf(String template, String open, String close) {
        int from = template.indexOf(open);
        int to = template.indexOf(close, from);
        if (from < 0 || to < 0) {
            throw new IllegalStateException(RESOURCE + " has no " + open + " element");
        }
        String content = template.substring(from + open.length(), to);
        if (content.contains("{{")) {
            throw new IllegalStateException("a placeholder inside " + open + " would change its hash per request");
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(hash);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
