package dev.bliss.app.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The {@code logging} section: level and format of what reaches standard error. */
class ApplicationLogTest {

    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final PrintStream stderr = System.err;

    @AfterEach
    void restore() {
        System.setErr(stderr);
        ApplicationLog.configure(LoggingOptions.DEFAULT);
    }

    private List<String> lines() {
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private void capture(LoggingOptions options) {
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        ApplicationLog.configure(options);
    }

    @Test
    void shouldWriteOneJsonObjectPerRecordWithTheStackTraceFoldedIn() {
        capture(new LoggingOptions(LogLevel.INFO, LogFormat.JSON));
        System.Logger log = System.getLogger("dev.bliss.test");

        log.log(System.Logger.Level.INFO, "listening on \"127.0.0.1:8080\"");
        log.log(System.Logger.Level.ERROR, "write failed", new IOException("disk full", new IllegalStateException("inner")));

        List<String> lines = lines();
        assertEquals(2, lines.size(), captured.toString(StandardCharsets.UTF_8));
        JsonObject info = new JsonObject(lines.get(0));
        assertEquals("INFO", info.getString("level"));
        assertEquals("dev.bliss.test", info.getString("logger"));
        assertEquals("listening on \"127.0.0.1:8080\"", info.getString("message"));
        assertTrue(info.getString("ts").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), info.getString("ts"));
        assertFalse(info.containsKey("error"));
        JsonObject error = new JsonObject(lines.get(1));
        assertEquals("ERROR", error.getString("level"));
        assertTrue(error.getString("error").startsWith("java.io.IOException: disk full\n\tat "), error.getString("error"));
        assertTrue(error.getString("error").contains("Caused by: java.lang.IllegalStateException: inner"), error.getString("error"));
    }

    @Test
    void shouldDropRecordsBelowTheLevel() {
        capture(new LoggingOptions(LogLevel.WARN, LogFormat.TEXT));
        System.Logger log = System.getLogger("dev.bliss.test");

        log.log(System.Logger.Level.INFO, "startup noise");
        log.log(System.Logger.Level.DEBUG, "more noise");
        log.log(System.Logger.Level.WARNING, "a warning");

        List<String> lines = lines();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN dev\\.bliss\\.test: a warning"), lines.getFirst());
    }

    @Test
    void shouldWriteDebugWhenAsked() {
        capture(new LoggingOptions(LogLevel.DEBUG, LogFormat.TEXT));

        System.getLogger("dev.bliss.test").log(System.Logger.Level.DEBUG, "details");

        assertTrue(lines().getFirst().endsWith(" DEBUG dev.bliss.test: details"), lines().toString());
    }

    /** A real Kafka client, logging through SLF4J and slf4j-jdk14 as in cluster mode; it never connects. */
    private static void createAndCloseAKafkaProducer() {
        Map<String, Object> config = Map.of("bootstrap.servers", "127.0.0.1:9", "client.id", "log-level-test",
                "key.serializer", ByteArraySerializer.class.getName(), "value.serializer", ByteArraySerializer.class.getName());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
            producer.close(Duration.ZERO);
        }
    }

    @Test
    void shouldHoldKafkasClientsToWarningsAtInfoAndLetThemFollowAMoreVerboseLevel() {
        capture(new LoggingOptions(LogLevel.INFO, LogFormat.TEXT));
        createAndCloseAKafkaProducer();
        System.getLogger("dev.bliss.test").log(System.Logger.Level.INFO, "ours");
        System.getLogger("org.apache.kafka.clients.producer.KafkaProducer").log(System.Logger.Level.WARNING, "theirs");

        List<String> lines = lines();
        assertTrue(lines.stream().noneMatch(l -> l.contains("ProducerConfig values")), lines.toString());
        assertTrue(lines.stream().noneMatch(l -> l.contains(" INFO org.apache.kafka")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(" INFO dev.bliss.test: ours")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(" WARN org.apache.kafka.clients.producer.KafkaProducer: theirs")),
                lines.toString());

        captured.reset();
        capture(new LoggingOptions(LogLevel.DEBUG, LogFormat.TEXT));
        createAndCloseAKafkaProducer();
        assertTrue(lines().stream().anyMatch(l -> l.contains(" INFO org.apache.kafka.") && l.contains(": ProducerConfig values")),
                lines().toString());

        captured.reset();
        capture(new LoggingOptions(LogLevel.ERROR, LogFormat.TEXT));
        System.getLogger("org.apache.kafka.clients.producer.KafkaProducer").log(System.Logger.Level.WARNING, "theirs");
        assertEquals(List.of(), lines(), "error: Kafka's warnings are below the level like everyone's");
    }

    @Test
    void shouldReadTheSectionAndRefuseUnknownValuesWithTheirLine() throws ConfigException {
        ConfigSection root = ConfigSection.root(YamlConfigReader.parse("bliss.yaml", "logging:\n  level: debug\n  format: json\n"));
        assertEquals(new LoggingOptions(LogLevel.DEBUG, LogFormat.JSON), LoggingOptions.read(root));
        assertEquals(LoggingOptions.DEFAULT, LoggingOptions.read(ConfigSection.root(YamlConfigReader.parse("bliss.yaml", "{}"))));

        ConfigException e = assertThrows(ConfigException.class, () -> LoggingOptions.read(
                ConfigSection.root(YamlConfigReader.parse("bliss.yaml", "logging:\n  format: xml\n"))));
        assertTrue(e.getMessage().startsWith("bliss.yaml:2:"), e.getMessage());
        assertTrue(e.getMessage().contains("logging.format"), e.getMessage());
    }
}
