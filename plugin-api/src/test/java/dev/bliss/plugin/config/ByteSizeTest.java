package dev.bliss.plugin.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ByteSizeTest {

    private static ConfigSection section(String value) {
        Position at = new Position("bliss.yaml", 3, 14);
        return new ConfigSection(new ConfigNode.Mapping(Map.of("size", new ConfigNode.Scalar(value, at)),
                Map.of("size", at), new Position("bliss.yaml", 3, 3)), "log");
    }

    @Test
    void readsBytesAndPowersOf1024() throws ConfigException {
        assertEquals(65_536, section("65536").byteSize("size", 0));
        assertEquals(1_000_000, section("1_000_000").byteSize("size", 0));
        assertEquals(512, section("512B").byteSize("size", 0));
        assertEquals(64L << 10, section("64KB").byteSize("size", 0));
        assertEquals(100L << 20, section("100 MB").byteSize("size", 0));
        assertEquals(8L << 20, section("8mb").byteSize("size", 0));
        assertEquals(2L << 30, section("2GB").byteSize("size", 0));
        assertEquals(7, section("7").byteSize("absent", 7));
    }

    @Test
    void refusesWhatIsNotASizeAndSaysWhere() {
        for (String bad : new String[] {"", "MB", "-1", "1.5MB", "10 TB", "ten", "9223372036854775807KB", "99999999999999999999"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> section(bad).byteSize("size", 0), bad);
            assertEquals("log.size", e.key(), bad);
            assertTrue(e.getMessage().contains("bliss.yaml:3:14"), e.getMessage());
            assertTrue(e.getMessage().contains("not a size: \"" + bad + '"'), e.getMessage());
        }
    }
}
