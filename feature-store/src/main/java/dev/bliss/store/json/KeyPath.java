package dev.bliss.store.json;

/**
 * How a value's place in a document is written in messages: members joined by dots, elements by
 * their index in brackets ({@code features_info.float_features[0].borders}). One spelling for the
 * parsed tree ({@link JsonValue#path()}) and for the streaming parser's errors
 * ({@link StrictJson#error}). A key that holds a dot ({@code ip.reqs_1m}) is written as it is:
 * the paths are for people, not for lookup.
 */
final class KeyPath {

    private KeyPath() {
    }

    static String member(String parent, String key) {
        return parent.isEmpty() ? key : parent + '.' + key;
    }

    static String element(String parent, int index) {
        return parent + '[' + index + ']';
    }
}
