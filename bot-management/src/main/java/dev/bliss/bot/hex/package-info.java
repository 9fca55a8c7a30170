/**
 * A hex decoder: ASCII hex digits (either case) from a {@code byte[]} or a {@link CharSequence}
 * into bytes or into 64-bit values, validating while it decodes.
 *
 * <p>This is a codec, not bot-management logic: it knows nothing about requests, keys or
 * fingerprints, and depends on the JDK only. It lives in this module because bot management is
 * its first user (JA3, JA4 parts, trace and session ids become dimension keys).
 *
 * <ul>
 *   <li>{@link dev.bliss.bot.hex.HexDecoder}: the decoder to use. Vector API kernel when
 *       {@code jdk.incubator.vector} is present and the CPU has 256-bit vectors, the table
 *       decoder otherwise and for inputs shorter than 16 characters.
 *   <li>{@link dev.bliss.bot.hex.TableHexDecoder}: the scalar lookup-table decoder, the
 *       fallback and the benchmark baseline.
 * </ul>
 *
 * <p>Both report malformed input as a negative return value, never as an exception, and
 * allocate nothing per call.
 */
package dev.bliss.bot.hex;
