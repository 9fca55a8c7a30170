package dev.bliss.proxy.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The admin server's bearer token, read from {@code admin.token_file}. Only its SHA-256 digest
 * is kept; a presented token is digested and compared with {@link MessageDigest#isEqual}, whose
 * time does not depend on where the digests differ, so neither the comparison nor the token's
 * length leaks through timing. {@link #toString()} never shows it.
 */
public final class AdminToken {

    /** Shorter tokens are refused: a guessable token protects nothing. */
    public static final int MIN_LENGTH = 16;

    private final byte[] digest;

    private AdminToken(byte[] digest) {
        this.digest = digest;
    }

    /**
     * Reads the file's content, surrounding whitespace trimmed.
     *
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when the token is shorter than {@link #MIN_LENGTH}
     */
    public static AdminToken read(Path file) throws IOException {
        String token = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (token.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the token in " + file + " has " + token.length()
                    + " characters; at least " + MIN_LENGTH + " are required");
        }
        return new AdminToken(sha256(token));
    }

    /** Whether {@code presented} is the token; any thread, constant time in the token's content. */
    public boolean matches(CharSequence presented) {
        return presented != null && MessageDigest.isEqual(digest, sha256(presented.toString()));
    }

    @Override
    public String toString() {
        return "<redacted>";
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
