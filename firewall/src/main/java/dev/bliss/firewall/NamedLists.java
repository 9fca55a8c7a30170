package dev.bliss.firewall;

import dev.bliss.firewall.check.ListTypes;
import dev.bliss.firewall.compile.ByteStringSet;
import dev.bliss.firewall.compile.Compiler;
import dev.bliss.firewall.compile.IntRanges;
import dev.bliss.firewall.compile.IpRanges;
import dev.bliss.firewall.lex.LexException;
import dev.bliss.firewall.lex.Scanner;
import dev.bliss.firewall.types.Type;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Named lists for {@code in $name}: IP lists (addresses, CIDR networks, ranges {@code a..b}),
 * Int lists (values and ranges) and Bytes lists (strings), read from a {@code lists:} section:
 *
 * <pre>
 * lists:
 *   office_networks:
 *     type: ip            # ip | int | bytes
 *     items: [192.0.2.0/24, "2001:db8::/32", 198.51.100.7]
 * </pre>
 *
 * Every item is validated when the lists are read, and a bad one is reported at its position in
 * the file. Names are lower-case letters, digits, {@code _} and inner dots. Immutable.
 */
public final class NamedLists {

    private static final NamedLists EMPTY = new NamedLists(Map.of());

    private record Entry(Type type, Object set, Position position) {
    }

    private final Map<String, Entry> lists;

    private NamedLists(Map<String, Entry> lists) {
        this.lists = Collections.unmodifiableMap(new LinkedHashMap<>(lists));
    }

    public static NamedLists empty() {
        return EMPTY;
    }

    /** Reads a {@code lists:} mapping (an absent key reads as an empty section). */
    public static NamedLists read(ConfigSection section) throws ConfigException {
        Map<String, Entry> out = new LinkedHashMap<>();
        for (String name : section.keys()) {
            ConfigSection list = section.section(name);
            if (!Scanner.validListName(name)) {
                throw section.error(name, "a list name is lower-case letters, digits, _ and inner dots");
            }
            String type = list.oneOf("type", null, "ip", "int", "bytes");
            ConfigNode items = list.node("items");
            list.requireNoUnknownKeys();
            List<ConfigNode.Scalar> scalars = scalars(items, list, "items");
            out.put(name, switch (type) {
                case "ip" -> new Entry(Type.IP, ips(scalars, list.keyPath("items")), list.position());
                case "int" -> new Entry(Type.INT, ints(scalars, list.keyPath("items")), list.position());
                default -> new Entry(Type.BYTES, bytes(scalars), list.position());
            });
        }
        section.requireNoUnknownKeys();
        return new NamedLists(out);
    }

    /** Builds lists from plain values, for programs and tests: {@code type} is ip, int or bytes. */
    public static NamedLists of(Map<String, Map.Entry<String, List<String>>> lists) throws ConfigException {
        Map<String, Entry> out = new LinkedHashMap<>();
        Position where = Position.builtIn("lists");
        for (var e : lists.entrySet()) {
            List<ConfigNode.Scalar> scalars = e.getValue().getValue().stream().map(v -> new ConfigNode.Scalar(v, where)).toList();
            String path = "lists." + e.getKey() + ".items";
            out.put(e.getKey(), switch (e.getValue().getKey()) {
                case "ip" -> new Entry(Type.IP, ips(scalars, path), where);
                case "int" -> new Entry(Type.INT, ints(scalars, path), where);
                case "bytes" -> new Entry(Type.BYTES, bytes(scalars), where);
                default -> throw new ConfigException(where, "lists." + e.getKey() + ".type", "expected one of ip, int, bytes");
            });
        }
        return new NamedLists(out);
    }

    /**
     * These lists and {@code other}'s together.
     *
     * @throws ConfigException when both define the same name
     */
    public NamedLists with(NamedLists other) throws ConfigException {
        Map<String, Entry> merged = new LinkedHashMap<>(lists);
        for (var e : other.lists.entrySet()) {
            Entry previous = merged.putIfAbsent(e.getKey(), e.getValue());
            if (previous != null) {
                throw new ConfigException(e.getValue().position(), "lists." + e.getKey(),
                        "list defined twice (also at " + previous.position() + ')');
            }
        }
        return new NamedLists(merged);
    }

    public Set<String> names() {
        return lists.keySet();
    }

    /** The item type of a list (Int, Ip or Bytes as the rules language names it), or null. */
    public String itemType(String name) {
        Entry e = lists.get(name);
        return e == null ? null : e.type().toString();
    }

    ListTypes types() {
        return name -> {
            Entry e = lists.get(name);
            return e == null ? null : e.type();
        };
    }

    Compiler.ListSets sets() {
        return new Compiler.ListSets() {
            @Override
            public IntRanges ints(String name) {
                return (IntRanges) lists.get(name).set();
            }

            @Override
            public IpRanges ips(String name) {
                return (IpRanges) lists.get(name).set();
            }

            @Override
            public ByteStringSet bytes(String name) {
                return (ByteStringSet) lists.get(name).set();
            }
        };
    }

    private static List<ConfigNode.Scalar> scalars(ConfigNode items, ConfigSection list, String key) throws ConfigException {
        if (items == null) {
            throw list.error(key, "required key is missing");
        }
        List<ConfigNode.Scalar> out = new ArrayList<>();
        switch (items) {
            case ConfigNode.Sequence seq -> {
                for (int i = 0; i < seq.items().size(); i++) {
                    ConfigNode item = seq.items().get(i);
                    if (!(item instanceof ConfigNode.Scalar s) || s.text() == null) {
                        throw new ConfigException(item.position(), list.keyPath(key) + '[' + i + ']', "expected a value, got " + item.kind());
                    }
                    out.add(s);
                }
            }
            case ConfigNode.Scalar s when s.text() == null -> {
            }
            default -> throw list.error(key, "expected a list of values, got " + items.kind());
        }
        return out;
    }

    private static IpRanges ips(List<ConfigNode.Scalar> items, String path) throws ConfigException {
        List<long[]> ranges = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String text = items.get(i).text().trim();
            try {
                Scanner s = new Scanner(text, 0, text.length());
                IpAddress[] r = s.ipRange();
                if (!s.atEnd()) {
                    throw new LexException("unrecognised input", s.pos(), text.length());
                }
                ranges.add(new long[] {r[0].high(), r[0].low(), r[1].high(), r[1].low()});
            } catch (LexException e) {
                throw new ConfigException(items.get(i).position(), path + '[' + i + ']',
                        "not an IP address, network or range: \"" + text + "\" (" + e.getMessage() + ')');
            }
        }
        return IpRanges.of(ranges);
    }

    private static IntRanges ints(List<ConfigNode.Scalar> items, String path) throws ConfigException {
        List<long[]> ranges = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String text = items.get(i).text().trim();
            try {
                Scanner s = new Scanner(text, 0, text.length());
                long[] r = s.intRange();
                if (!s.atEnd()) {
                    throw new LexException("unrecognised input", s.pos(), text.length());
                }
                ranges.add(r);
            } catch (LexException e) {
                throw new ConfigException(items.get(i).position(), path + '[' + i + ']',
                        "not an integer or range: \"" + text + "\" (" + e.getMessage() + ')');
            }
        }
        return IntRanges.of(ranges);
    }

    private static ByteStringSet bytes(List<ConfigNode.Scalar> items) {
        List<byte[]> values = new ArrayList<>();
        for (ConfigNode.Scalar s : items) {
            values.add(s.text().getBytes(StandardCharsets.UTF_8));
        }
        return ByteStringSet.of(values);
    }
}
