package dev.bliss.training.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * One request header, in the order a client sends it (names as the client spells them). The
 * static methods read and edit a client's header list, whose order matters (a browser's header
 * order is one of the things a model reads), so an edit keeps every header in its place.
 */
public record Header(String name, String value) {

    /** The value of the first header called {@code name} (any case), or null. */
    public static String value(List<Header> headers, String name) {
        for (Header h : headers) {
            if (h.name().equalsIgnoreCase(name)) {
                return h.value();
            }
        }
        return null;
    }

    /**
     * {@code headers} with {@code name} set to {@code value} where it is, appended when it is not
     * there; removed when {@code value} is null.
     */
    public static List<Header> with(List<Header> headers, String name, String value) {
        List<Header> out = new ArrayList<>(headers.size() + 1);
        boolean placed = false;
        for (Header h : headers) {
            if (!h.name().equalsIgnoreCase(name)) {
                out.add(h);
            } else if (value != null && !placed) {
                out.add(new Header(h.name(), value));
                placed = true;
            }
        }
        if (value != null && !placed) {
            out.add(new Header(name, value));
        }
        return out;
    }

    /** {@code headers} with {@code name} set to {@code value} where it is; unchanged without it. */
    public static List<Header> replaced(List<Header> headers, String name, String value) {
        return value(headers, name) == null ? headers : with(headers, name, value);
    }
}
