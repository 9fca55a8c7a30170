package dev.bliss.firewall;

import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.eval.RequestField;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.FloatField;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.plugin.field.IpField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Field values given as text, as on {@code bliss rules eval --field name=value}: each value is
 * parsed by the field's type and applied to a {@link SyntheticRequest} (request fields) or a
 * {@link Fields} table (detector fields).
 *
 * <pre>
 *   Int      12, -3                      Float   0.25
 *   Bool     true | false                Ip      192.0.2.1, 2001:db8::1
 *   Bytes    the text as is (quotes are the shell's business)
 *   Array    comma-separated: 33554817,50331648 (empty: an empty array)
 *   http.request.headers[accept]=text/html   adds a header (also ["accept"])
 *   http.request.version=HTTP/2, ssl=true, tcp.dstport=443, ip.src=192.0.2.1
 *   http.request.full_uri=https://example.com/a?b   sets TLS, host, path and query
 * </pre>
 *
 * Cloudflare aliases are accepted ({@code cf.bot_management.score=12}).
 */
public final class FieldAssignments {

    private record Assignment(Field field, String text) {
    }

    private final SyntheticRequest request = new SyntheticRequest();
    private final List<Assignment> detectorValues = new ArrayList<>();

    private FieldAssignments() {
    }

    /**
     * Parses {@code name=value} assignments against the fields of {@code scheme}.
     *
     * @throws IllegalArgumentException naming the assignment and what is wrong with it
     */
    public static FieldAssignments parse(List<String> assignments, FieldScheme scheme) {
        FieldCatalog catalog = FieldCatalog.of(scheme);
        FieldAssignments out = new FieldAssignments();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--field " + a + ": expected name=value");
            }
            String name = a.substring(0, eq).trim();
            String value = a.substring(eq + 1);
            try {
                out.assign(catalog, name, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--field " + a + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** The request the request-field assignments describe. */
    public SyntheticRequest request() {
        return request;
    }

    /** Sets the detector-field assignments in {@code fields} (a table of the same scheme). */
    public void applyTo(Fields fields) {
        for (Assignment a : detectorValues) {
            set(fields, a.field(), a.text());
        }
    }

    private void assign(FieldCatalog catalog, String name, String value) {
        if (name.startsWith("http.request.headers[") && name.endsWith("]")) {
            String header = name.substring("http.request.headers[".length(), name.length() - 1);
            if (header.length() >= 2 && header.startsWith("\"") && header.endsWith("\"")) {
                header = header.substring(1, header.length() - 1);
            }
            if (header.isEmpty()) {
                throw new IllegalArgumentException("empty header name");
            }
            request.header(header.toLowerCase(Locale.ROOT), value);
            return;
        }
        FieldCatalog.Entry entry = catalog.lookup(name);
        if (entry == null) {
            throw new IllegalArgumentException("unknown field" + FieldCatalog.didYouMean(catalog.closest(name, 3, List.of())));
        }
        if (entry.requestField() != null) {
            assignRequest(entry.requestField(), value);
            return;
        }
        Field f = entry.schemeField();
        check(f, value);
        detectorValues.add(new Assignment(f, value));
    }

    private void assignRequest(RequestField field, String value) {
        switch (field) {
            case METHOD -> request.method(value);
            case URI -> request.uri(value);
            case PATH -> request.path(value);
            case RAW_PATH -> request.rawPath(value);
            case QUERY -> request.query(value);
            case HOST -> request.host(value);
            case USER_AGENT -> request.setHeader("user-agent", value);
            case REFERER -> request.setHeader("referer", value);
            case COOKIE -> request.setHeader("cookie", value);
            case X_FORWARDED_FOR -> request.setHeader("x-forwarded-for", value);
            case VERSION -> request.version(switch (value) {
                case "HTTP/1.0" -> ProtocolVersion.HTTP_1_0;
                case "HTTP/1.1" -> ProtocolVersion.HTTP_1_1;
                case "HTTP/2" -> ProtocolVersion.HTTP_2;
                default -> throw new IllegalArgumentException("expected HTTP/1.0, HTTP/1.1 or HTTP/2, got \"" + value + '"');
            });
            case FULL_URI -> fullUri(value);
            case CLIENT_IP -> request.clientAddress(ip(value));
            case SSL -> request.tls(bool(value));
            case DESTINATION_PORT -> {
                long port = integer(value);
                if (port < 0 || port > 65535) {
                    throw new IllegalArgumentException("expected a port, got " + port);
                }
                request.localPort((int) port);
            }
            case HEADERS -> throw new IllegalArgumentException("give one header as http.request.headers[name]=value");
            case HEADER_NAMES, HEADER_VALUES -> throw new IllegalArgumentException("set headers with http.request.headers[name]=value");
        }
    }

    private void fullUri(String value) {
        int scheme = value.indexOf("://");
        if (scheme < 0) {
            throw new IllegalArgumentException("expected an absolute URL such as https://example.com/path");
        }
        String s = value.substring(0, scheme).toLowerCase(Locale.ROOT);
        if (!s.equals("http") && !s.equals("https")) {
            throw new IllegalArgumentException("expected an http or https URL");
        }
        request.tls(s.equals("https"));
        String rest = value.substring(scheme + 3);
        int slash = rest.indexOf('/');
        int question = rest.indexOf('?');
        int cut = slash < 0 ? question : question < 0 ? slash : Math.min(slash, question);
        request.host(cut < 0 ? rest : rest.substring(0, cut));
        String target = cut < 0 ? "/" : rest.substring(cut);
        request.uri(target.startsWith("/") ? target : "/" + target);
    }

    private static void check(Field f, String value) {
        switch (f) {
            case BoolField b -> bool(value);
            case IntField i -> integer(value);
            case FloatField x -> floating(value);
            case IpField ip -> ip(value);
            case IntArrayField a -> ints(value);
            case BytesField b -> {
            }
        }
    }

    private static void set(Fields fields, Field f, String value) {
        switch (f) {
            case BoolField b -> fields.set(b, bool(value));
            case IntField i -> fields.set(i, integer(value));
            case FloatField x -> fields.set(x, floating(value));
            case IpField ip -> fields.set(ip, ip(value));
            case BytesField b -> fields.set(b, value);
            case IntArrayField a -> {
                fields.setEmpty(a);
                for (long v : ints(value)) {
                    fields.add(a, v);
                }
            }
        }
    }

    private static boolean bool(String v) {
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("expected true or false, got \"" + v + '"');
        };
    }

    private static long integer(String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected an Int, got \"" + v + '"');
        }
    }

    private static double floating(String v) {
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a Float, got \"" + v + '"');
        }
    }

    private static IpAddress ip(String v) {
        IpAddress a = new IpAddress();
        if (!a.parse(v.trim())) {
            throw new IllegalArgumentException("expected an IP address, got \"" + v + '"');
        }
        return a;
    }

    private static long[] ints(String v) {
        if (v.isBlank()) {
            return new long[0];
        }
        String[] parts = v.split(",");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = integer(parts[i]);
        }
        return out;
    }
}
