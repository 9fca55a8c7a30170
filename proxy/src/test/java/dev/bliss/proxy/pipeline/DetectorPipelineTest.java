package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.testing.Proxies;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Startup checks of the detector graph: order by field dependencies, cycles, missing producers. */
class DetectorPipelineTest {

    private static DetectorPipeline build(String plugins) throws ConfigException {
        ProxyOptions options = Proxies.options("listeners: [{port: 0}]\nplugins:\n" + plugins, null);
        return DetectorPipeline.build(options.plugins(), PluginLoader.load(null), options.baseDirectory(), 1, Map.of());
    }

    @Test
    void shouldRunProducersBeforeTheirConsumersWhateverTheConfigurationOrder() throws Exception {
        try (DetectorPipeline p = build("""
                  - {name: c, type: test-counter, config: {consumes: [b.count]}}
                  - {name: b, type: test-counter, config: {consumes: [a.count]}}
                  - {name: a, type: test-counter}
                """)) {
            assertEquals(List.of("a", "b", "c"), p.stages().stream().map(DetectorStage::name).toList());
        }
    }

    @Test
    void shouldBreakTiesByOrderThenConfigurationPosition() throws Exception {
        try (DetectorPipeline p = build("""
                  - {name: x, type: test-counter, order: 5}
                  - {name: y, type: test-counter, order: 1}
                  - {name: z, type: test-counter, order: 5}
                """)) {
            assertEquals(List.of("y", "x", "z"), p.stages().stream().map(DetectorStage::name).toList());
        }
    }

    @Test
    void shouldRefuseACycleNamingItsDetectors() {
        ConfigException e = assertThrows(ConfigException.class, () -> build("""
                  - {name: a, type: test-counter, config: {consumes: [b.count]}}
                  - {name: b, type: test-counter, config: {consumes: [a.count]}}
                """));
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
        assertTrue(e.getMessage().contains("a (waits for b)") && e.getMessage().contains("b (waits for a)"), e.getMessage());
    }

    @Test
    void shouldRefuseAFieldThatNoDetectorProduces() {
        ConfigException e = assertThrows(ConfigException.class, () -> build("""
                  - {name: a, type: test-counter, config: {consumes: [bot.score]}}
                """));
        assertTrue(e.getMessage().contains("a consumes field bot.score, which no detector produces"), e.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownPluginTypeWithItsPosition() {
        ConfigException e = assertThrows(ConfigException.class, () -> build("""
                  - {name: a, type: no-such-plugin}
                """));
        assertEquals(3, e.position().line(), e.getMessage());
        assertTrue(e.getMessage().contains("no detector plugin of type \"no-such-plugin\""), e.getMessage());
    }

    @Test
    void shouldRefuseUnknownKeysInAPluginsOwnSection() {
        ConfigException e = assertThrows(ConfigException.class, () -> build("""
                  - name: a
                    type: test-counter
                    config:
                      consume: [typo]
                """));
        assertEquals("test-bliss.yaml:6:7: plugins[0].config.consume: unknown key (known here: consumes)", e.getMessage());
    }
}
