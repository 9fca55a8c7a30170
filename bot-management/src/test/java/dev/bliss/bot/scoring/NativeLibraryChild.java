package dev.bliss.bot.scoring;

/**
 * A child JVM for {@link NativeLibraryKilledChildTest}: loads the CatBoost native library
 * either as the JNI does by itself ({@code jni}) or through {@link CatBoostNativeLibrary}
 * ({@code bliss}), prints "loaded", and waits to be killed.
 */
public final class NativeLibraryChild {

    private NativeLibraryChild() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "jni" -> Class.forName("ai.catboost.CatBoostModel");
            case "bliss" -> CatBoostNativeLibrary.load();
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.println("loaded");
        System.out.flush();
        System.in.read();
    }
}
