package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.firewall.action.Action;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.FieldScheme;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A rule set is bound to its scheme, knows the fields it reads, and offers aliases only for fields that exist. */
class SchemeBindingTest {

    private final TestFixture fixture = new TestFixture();

    @Test
    void shouldRefuseAFieldTableOfAnotherScheme() throws Exception {
        RuleSet set = RuleSet.compile(List.of(RuleDefinition.of("a", "bot.score lt 30", Action.BLOCK)), NamedLists.empty(), fixture.scheme);
        TestFixture other = new TestFixture();
        RuleEvaluator e = set.newEvaluator();
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> e.evaluate(TestFixture.request(), other.fields()));
        assertEquals("the field table belongs to another scheme than the rules were compiled against", x.getMessage());
        e.evaluate(TestFixture.request(), fixture.fields()); // its own scheme's table is fine
        Filter f = Filter.compile("ssl", fixture.scheme);
        assertThrows(IllegalArgumentException.class, () -> f.newMatcher().matches(TestFixture.request(), other.fields()));
    }

    @Test
    void shouldKnowWhichFieldsItsRulesRead() throws Exception {
        RuleSet set = RuleSet.compile(List.of(
                RuleDefinition.of("a", "cf.bot_management.score lt 30 and not cf.bot_management.verified_bot", Action.BLOCK),
                RuleDefinition.of("b", "any(http.request.headers[\"accept\"][*] contains \"json\") or lower(http.user_agent) contains \"curl\"", Action.LOG),
                RuleDefinition.of("c", "bot.ja4 eq \"x\"", Action.LOG).disabled()), NamedLists.empty(), fixture.scheme);
        assertEquals(Set.of("bot.score", "bot.verified", "http.request.headers", "http.user_agent"), set.usedFields());
        assertTrue(set.uses("cf.bot_management.score"));
        assertTrue(set.uses("bot.verified"));
        assertFalse(set.uses("bot.ja4"), "disabled rules read nothing");
        assertEquals(Set.of("bot.score", "bot.verified"), set.rule("a").usedFields());
    }

    @Test
    void shouldOfferCloudflareAliasesOnlyForFieldsThatExist() throws FilterException {
        FieldSchemeBuilder b = new FieldSchemeBuilder();
        b.registryFor("bot").produceInt("bot.score");
        FieldScheme scheme = b.build();
        Filter.compile("cf.bot_management.score lt 30", scheme);
        FilterException e = assertThrows(FilterException.class, () -> Filter.compile("cf.bot_management.verified_bot", scheme));
        assertTrue(e.getMessage().endsWith("unknown identifier"), e.getMessage());
    }

    @Test
    void shouldCompileRequestFieldRulesWithoutAnyDetector() throws Exception {
        FieldScheme empty = new FieldSchemeBuilder().build();
        Filter f = Filter.compile("http.request.method eq \"GET\" and not ssl", empty);
        assertTrue(f.newMatcher().matches(new SyntheticRequest(), empty.newTable()));
        assertEquals(18, Firewall.requestFields().size());
        assertEquals("bot.score", Firewall.cloudflareAliases().get("cf.bot_management.score"));
    }
}
