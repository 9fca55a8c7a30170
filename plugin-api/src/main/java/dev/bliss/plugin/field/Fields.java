package dev.bliss.plugin.field;

import dev.bliss.plugin.IpAddress;

/**
 * The per-request field values of one event loop: a slot table indexed by the handles of its
 * {@link FieldScheme}.
 *
 * <pre>
 *   presence  long[]    one bit per field (Field.index); reset() clears it, nothing else
 *   scalars   long[]    Bool (0/1), Int, Float (raw double bits), by Field.slot
 *   ips       long[]    two longs per Ip slot: high and low half of a 128-bit address
 *   bytes     byte[][]  one array of maxLength per Bytes slot, plus a length and a Symbol id each
 *   arrays    long[][]  one array of maxLength per Array&lt;Int&gt; slot, plus a length each
 *   attached  Object[]  detectors' per-request objects (Attachment), made once, kept across resets
 * </pre>
 *
 * <p><b>Thread:</b> owned by one event loop and used by one request at a time; not thread-safe.
 * <b>Allocation:</b> all storage is made by the constructor; no method allocates.
 * A getter on a field that is not set returns the type's zero; use {@link #isSet(Field)} to tell
 * "unset" from zero, as the firewall does (a missing value makes every comparison false).
 */
public final class Fields {

    private final FieldScheme.Key scheme;
    private final long[] presence;
    private final long[] scalars;
    private final long[] ips;
    private final byte[][] bytes;
    private final int[] bytesLength;
    /** Per Bytes slot, the id of the {@link Symbol} its value was set from, or -1. */
    private final int[] bytesSymbol;
    private final long[][] arrays;
    private final int[] arrayLength;
    private final Object[] attached;

    Fields(FieldScheme s) {
        this.attached = new Object[s.attachments];
        this.scheme = s.key;
        this.presence = new long[(s.size() + 63) >>> 6];
        this.scalars = new long[s.scalarSlots];
        this.ips = new long[s.ipSlots * 2];
        this.bytes = new byte[s.bytesSlots][];
        this.bytesLength = new int[s.bytesSlots];
        this.bytesSymbol = new int[s.bytesSlots];
        for (int i = 0; i < s.bytesSlots; i++) {
            bytes[i] = new byte[s.bytesMaxLengths[i]];
        }
        this.arrays = new long[s.arraySlots][];
        this.arrayLength = new int[s.arraySlots];
        for (int i = 0; i < s.arraySlots; i++) {
            arrays[i] = new long[s.arrayMaxLengths[i]];
        }
    }

    /**
     * The request's object for {@code attachment}: made on this table's first request that asks,
     * then the same object for every later request on it (see {@link Attachment}).
     */
    public <T> T attached(Attachment<T> attachment) {
        if (attachment.scheme != scheme) {
            throw new IllegalArgumentException(attachment + " belongs to another field scheme");
        }
        Object o = attached[attachment.index()];
        if (o == null) {
            o = attachment.make();
            attached[attachment.index()] = o;
        }
        return attachment.cast(o);
    }

    /** Forgets every value, for the next request. Touches only the presence bits (attachments stay). */
    public void reset() {
        java.util.Arrays.fill(presence, 0L);
    }

    public boolean isSet(Field field) {
        check(field);
        return (presence[field.index() >>> 6] & (1L << field.index())) != 0;
    }

    /** Marks a field unset again. */
    public void clear(Field field) {
        check(field);
        presence[field.index() >>> 6] &= ~(1L << field.index());
    }

    // ---- Bool, Int, Float

    public void set(BoolField field, boolean value) {
        scalars[mark(field)] = value ? 1L : 0L;
    }

    public boolean get(BoolField field) {
        return isSet(field) && scalars[field.slot()] != 0;
    }

    public void set(IntField field, long value) {
        scalars[mark(field)] = value;
    }

    public long get(IntField field) {
        return isSet(field) ? scalars[field.slot()] : 0L;
    }

    public void set(FloatField field, double value) {
        scalars[mark(field)] = Double.doubleToRawLongBits(value);
    }

    public double get(FloatField field) {
        return isSet(field) ? Double.longBitsToDouble(scalars[field.slot()]) : 0.0;
    }

    // ---- Ip

    public void set(IpField field, IpAddress address) {
        int slot = mark(field) << 1;
        ips[slot] = address.high();
        ips[slot + 1] = address.low();
    }

    /** Copies the value into {@code into}; returns false (leaving it alone) when unset. */
    public boolean get(IpField field, IpAddress into) {
        if (!isSet(field)) {
            return false;
        }
        int slot = field.slot() << 1;
        into.set(ips[slot], ips[slot + 1]);
        return true;
    }

    public long ipHigh(IpField field) {
        check(field);
        return ips[field.slot() << 1];
    }

    public long ipLow(IpField field) {
        check(field);
        return ips[(field.slot() << 1) + 1];
    }

    // ---- Bytes

    /**
     * Sets a Bytes field from characters: Latin-1 characters as one byte each, others as UTF-8.
     * Bytes past the field's maximum length are dropped.
     */
    public void set(BytesField field, CharSequence value) {
        int slot = mark(field);
        byte[] dst = bytes[slot];
        int n = 0;
        for (int i = 0, len = value.length(); i < len && n < dst.length; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                dst[n++] = (byte) c;
            } else {
                n = putUtf8(dst, n, c, value, i);
                if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(value.charAt(i + 1))) {
                    i++;
                }
            }
        }
        bytesLength[slot] = n;
        bytesSymbol[slot] = -1;
    }

    public void set(BytesField field, byte[] src, int offset, int length) {
        int slot = mark(field);
        int n = Math.min(length, bytes[slot].length);
        System.arraycopy(src, offset, bytes[slot], 0, n);
        bytesLength[slot] = n;
        bytesSymbol[slot] = -1;
    }

    /**
     * Sets a Bytes field to a symbol's text, and remembers which symbol it was, for
     * {@link #symbol}. A text longer than the field is truncated as any value is, and then no
     * longer counts as the symbol.
     */
    public void set(BytesField field, Symbol value) {
        int slot = mark(field);
        byte[] src = value.bytes;
        int n = Math.min(src.length, bytes[slot].length);
        System.arraycopy(src, 0, bytes[slot], 0, n);
        bytesLength[slot] = n;
        bytesSymbol[slot] = n == src.length ? value.id() : -1;
    }

    /**
     * The {@link Symbol#id()} of the symbol a Bytes value was set from; -1 when it is unset or was
     * set from other bytes (the value may still spell a symbol's text: compare the bytes then).
     */
    public int symbol(BytesField field) {
        return isSet(field) ? bytesSymbol[field.slot()] : -1;
    }

    /** The length of a Bytes value; 0 when unset. */
    public int length(BytesField field) {
        return isSet(field) ? bytesLength[field.slot()] : 0;
    }

    /**
     * The storage of a Bytes field; bytes {@code [0, length(field))} are the value. The array is
     * this table's: read it during the request, never keep it.
     */
    public byte[] bytes(BytesField field) {
        check(field);
        return bytes[field.slot()];
    }

    // ---- Array<Int>

    /** Appends to an Array&lt;Int&gt; field (the first append of a request starts it empty). */
    public void add(IntArrayField field, long value) {
        int slot = field.slot();
        if (!isSet(field)) {
            mark(field);
            arrayLength[slot] = 0;
        }
        if (arrayLength[slot] < arrays[slot].length) {
            arrays[slot][arrayLength[slot]++] = value;
        }
    }

    /** Marks an Array&lt;Int&gt; field set and empty. */
    public void setEmpty(IntArrayField field) {
        arrayLength[mark(field)] = 0;
    }

    public int length(IntArrayField field) {
        return isSet(field) ? arrayLength[field.slot()] : 0;
    }

    public long get(IntArrayField field, int i) {
        check(field);
        if (i >= arrayLength[field.slot()]) {
            throw new IndexOutOfBoundsException(i);
        }
        return arrays[field.slot()][i];
    }

    private int mark(Field field) {
        check(field);
        presence[field.index() >>> 6] |= 1L << field.index();
        return field.slot();
    }

    private void check(Field field) {
        if (field.scheme != scheme) {
            throw new IllegalArgumentException("field " + field.name() + " belongs to another scheme");
        }
    }

    private static int putUtf8(byte[] dst, int n, char c, CharSequence value, int i) {
        int cp = c;
        if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
            cp = Character.toCodePoint(c, value.charAt(i + 1));
        }
        int need = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (n + need > dst.length) {
            return dst.length; // a truncated character is dropped whole
        }
        switch (need) {
            case 2 -> {
                dst[n++] = (byte) (0xC0 | cp >> 6);
            }
            case 3 -> {
                dst[n++] = (byte) (0xE0 | cp >> 12);
                dst[n++] = (byte) (0x80 | (cp >> 6 & 0x3F));
            }
            default -> {
                dst[n++] = (byte) (0xF0 | cp >> 18);
                dst[n++] = (byte) (0x80 | (cp >> 12 & 0x3F));
                dst[n++] = (byte) (0x80 | (cp >> 6 & 0x3F));
            }
        }
        dst[n++] = (byte) (0x80 | (cp & 0x3F));
        return n;
    }
}
