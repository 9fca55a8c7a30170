package dev.bliss.firewall.ast;

/** What goes between brackets: an array position, a map key, or {@code *} (map each). */
public sealed interface Index {

    record At(int position) implements Index {
        @Override
        public String toString() {
            return "ArrayIndex(" + position + ')';
        }
    }

    record Key(String key) implements Index {
        @Override
        public String toString() {
            return "MapKey(\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\")";
        }
    }

    record Each() implements Index {
        @Override
        public String toString() {
            return "MapEach";
        }
    }
}
