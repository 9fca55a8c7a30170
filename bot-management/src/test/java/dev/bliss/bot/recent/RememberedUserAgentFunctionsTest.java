package dev.bliss.bot.recent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.consistency.ClaimedBrowser;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.KeySource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What is remembered of a user agent is exactly what computing it again gives: the dimension key
 * ({@link RequestKeys}) and the claimed browser ({@link ClaimedBrowser}), over the shipped lists'
 * 1,000-odd user agents shuffled through 512 slots (so they evict each other), each a new String
 * as the proxy parses one per request, and a slot answers only for an equal text.
 */
class RememberedUserAgentFunctionsTest {

    private static List<String> userAgents() {
        List<String> agents = new ArrayList<>();
        agents.addAll(ShippedFiles.userAgents("crawler-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("top-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("browsers-handwritten.txt"));
        agents.addAll(List.of("", "   ", "Mozilla/5.0 (", "Mozilla/5.0 (iPad; Version/99999999.7"));
        assertTrue(agents.size() > 2 * RecentStrings.SIZE, "enough user agents to evict each other: " + agents.size());
        return agents;
    }

    @Test
    void shouldGiveARememberedUserAgentTheKeyItsCharactersHashTo() throws Exception {
        FeatureSchema schema = FeatureSchemaReader.read(YamlConfigReader.read(ShippedFiles.config("features.yaml"))).schema();
        int ua = -1;
        for (int i = 0; i < schema.dimensions().size(); i++) {
            ua = schema.dimensions().get(i).source() == KeySource.USER_AGENT ? i : ua;
        }
        assertTrue(ua >= 0, "the shipped schema has a user_agent dimension");
        RequestKeys keys = new RequestKeys(schema, HeaderName::of);
        List<String> agents = userAgents();
        Random random = new Random(5);
        for (int pass = 0; pass < 3; pass++) {
            Collections.shuffle(agents, random);
            for (String text : agents) {
                for (int copy = 0; copy < 2; copy++) {
                    keys.compute(VIEW, new String(text), 0, 0);
                    assertEquals(DimensionKeys.text(text), keys.key(ua), text);
                    assertEquals(DimensionKeys.text(text), keys.userAgentKey(), text);
                }
            }
        }
        StringBuilder mutable = new StringBuilder("curl/8.5.0");
        keys.compute(VIEW, mutable, 0, 0);
        mutable.setLength(0);
        mutable.append("Wget/1.21"); // the same object, another text: never answered from memory
        keys.compute(VIEW, mutable, 0, 0);
        assertEquals(DimensionKeys.text("Wget/1.21"), keys.userAgentKey());
    }

    @Test
    void shouldGiveARememberedUserAgentTheClaimParsingItGives() {
        ClaimedBrowser remembering = new ClaimedBrowser();
        List<String> agents = userAgents();
        Random random = new Random(7);
        for (int pass = 0; pass < 3; pass++) {
            Collections.shuffle(agents, random);
            for (String text : agents) {
                ClaimedBrowser fresh = new ClaimedBrowser().read(new StringBuilder(text)); // never remembered
                for (int copy = 0; copy < 2; copy++) {
                    remembering.read(new String(text));
                    assertEquals(fresh.family(), remembering.family(), text);
                    assertEquals(fresh.major(), remembering.major(), text);
                    assertEquals(fresh.minor(), remembering.minor(), text);
                    assertEquals(fresh.mobile(), remembering.mobile(), text);
                }
            }
        }
        remembering.read(null);
        assertEquals(ClaimedBrowser.Family.NONE, remembering.family());
    }

    @Test
    void shouldAnswerOnlyForAnEqualText() {
        RecentStrings recent = new RecentStrings(1); // one slot: every text collides
        int slot = recent.find("curl/8.5.0");
        assertTrue(slot < 0);
        recent.remember(-1 - slot, "curl/8.5.0");
        assertEquals(0, recent.find(new String("curl/8.5.0")));
        assertTrue(recent.find("curl/8.5.1") < 0, "another text in the same slot");
        recent.remember(-1 - recent.find("curl/8.5.1"), "curl/8.5.1");
        assertTrue(recent.find("curl/8.5.0") < 0, "evicted by the collision");
        assertThrows(IllegalArgumentException.class, () -> new RecentStrings(3));
    }

    /** A request with no headers from 192.0.2.1: the keys take the user agent as an argument. */
    private static final RequestView VIEW = new SyntheticRequest().clientAddress(IpAddress.of("192.0.2.1"));
}
