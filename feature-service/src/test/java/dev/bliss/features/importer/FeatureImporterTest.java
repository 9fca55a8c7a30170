package dev.bliss.features.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.DimensionKeyText;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parsing imports against the shipped schema: every failure names its line; nothing half-read is returned. */
class FeatureImporterTest {

    private static final FeatureSchema SCHEMA = schema();

    @TempDir
    Path dir;

    private static FeatureSchema schema() {
        try {
            return FeatureSchemaReader.read(YamlConfigReader.read(Path.of("..", "config", "features.yaml"))).schema();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ImportException failure(ImportFormat format, String text) {
        return assertThrows(ImportException.class, () -> new FeatureImporter(SCHEMA).read(text, format, "test"));
    }

    @Test
    void shouldReadQuotedCsvFieldsWithCommasAndQuotes() throws Exception {
        String ua = "Mozilla/5.0 (X11; Linux x86_64) \"quoted\", with comma";
        String csv = "# exported 2026-11-30\ndimension,key,feature,value\n"
                + "user_agent,\"" + ua.replace("\"", "\"\"") + "\",reqs_10m,7\n\n"
                + "ip,2001:db8::1,reqs_1m,2.5\n";
        ImportedFeatures f = new FeatureImporter(SCHEMA).read(csv, ImportFormat.CSV, "test");
        int uaDim = SCHEMA.dimensionIndex("user_agent");
        assertArrayEquals(new long[] {DimensionKeys.text(ua)}, f.keys().get(uaDim));
        assertEquals(7f, f.vectors().get(uaDim)[0]);
        int ip = SCHEMA.dimensionIndex("ip");
        assertEquals(DimensionKeyText.key(SCHEMA.dimensions().get(ip), "2001:db8::1"), f.keys().get(ip)[0]);
        assertEquals(2.5f, f.vectors().get(ip)[0]);
        assertEquals(1, f.keyCount(ip));
    }

    @Test
    void shouldNameTheLineOfEachKindOfMistake() {
        String header = "dimension,key,feature,value\n";
        assertEquals(1, failure(ImportFormat.CSV, "dim,key,value\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ipv9,1.2.3.4,reqs_1m,1\n").line());
        assertEquals(3, failure(ImportFormat.CSV, header + "ip,1.2.3.4,reqs_1m,1\nip,1.2.3.999,reqs_1m,1\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ip,1.2.3.4,reqs_2m,1\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ip,1.2.3.4,reqs_1m,NaN\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ip,\"1.2.3.4,reqs_1m,1\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ip,1.2.3.4,reqs_1m\n").line());
        assertEquals(2, failure(ImportFormat.CSV, header + "ja4,not-a-ja4,reqs_1h,1\n").line());
        ImportException e = failure(ImportFormat.JSON_LINES,
                "{\"dimension\":\"ip\",\"key\":\"1.2.3.4\",\"features\":{\"reqs_1m\":1}}\n{\"dimension\":\"ip\",\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("test:2: not a JSON object"), e.getMessage());
        assertTrue(e.getMessage().endsWith("; nothing imported"), e.getMessage());
        assertEquals(1, failure(ImportFormat.JSON_LINES, "{\"dimension\":\"ip\",\"key\":\"1.2.3.4\",\"features\":{\"reqs_1m\":\"x\"}}").line());
        assertEquals(1, failure(ImportFormat.JSON_LINES, "{\"dimension\":\"ip\",\"key\":\"1.2.3.4\",\"extra\":1,\"features\":{}}").line());
        assertEquals(0, failure(ImportFormat.CSV, "").line() - 0);
    }

    @Test
    void shouldReadAFileInTheFormatItsNameImplies() throws Exception {
        Path file = dir.resolve("features.jsonl");
        Files.write(file, List.of("{\"dimension\": \"ja4\", \"key\": \"t13d1516h2_8daaf6152771_e5627efa2ab1\", "
                + "\"features\": {\"reqs_1h\": 9}}"));
        ImportedFeatures f = new FeatureImporter(SCHEMA).read(file.toString(), null);
        int ja4 = SCHEMA.dimensionIndex("ja4");
        assertEquals(DimensionKeys.ja4("t13d1516h2_8daaf6152771_e5627efa2ab1"), f.keys().get(ja4)[0]);
        assertEquals(9f, f.vectors().get(ja4)[0]);
        assertEquals(-1f, f.vectors().get(ja4)[2], "h2_ratio_1h was not given: its default");
        ImportException missing = assertThrows(ImportException.class,
                () -> new FeatureImporter(SCHEMA).read(dir.resolve("nope.csv").toString(), null));
        assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    }
}
