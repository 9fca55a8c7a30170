package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.Challenge;
import dev.bliss.firewall.action.ForbiddenChallenge;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Fields;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rule order and actions: first terminating wins, log continues, skip skips, challenge is pluggable. */
class ActionsTest {

    private final TestFixture fixture = new TestFixture();
    private final SyntheticRequest request = TestFixture.request();
    private final Fields fields = fixture.fields(); // bot.score 12, ssl true

    private RuleSet rules(RuleDefinition... definitions) throws RulesException {
        return RuleSet.compile(List.of(definitions), NamedLists.empty(), fixture.scheme);
    }

    private static RuleDefinition rule(String id, String expression, Action action) {
        return RuleDefinition.of(id, expression, action);
    }

    private String field(String name) {
        BytesField f = (BytesField) fixture.scheme.field(name);
        return fields.isSet(f) ? new String(Arrays.copyOf(fields.bytes(f), fields.length(f)), StandardCharsets.UTF_8) : null;
    }

    @Test
    void shouldLetTheFirstTerminatingRuleDecide() throws Exception {
        Decision d = rules(
                rule("no-match", "bot.score gt 50", Action.BLOCK),
                rule("allow-tls", "ssl", Action.ALLOW),
                rule("block-scripts", "bot.score lt 30", Action.BLOCK)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.ALLOW, d.verdict());
        assertEquals("allow-tls", d.ruleId());
        assertNull(d.response());
        assertEquals("allow", field("firewall.action"));
        assertEquals("allow-tls", field("firewall.rule_id"));
    }

    @Test
    void shouldBlockWithTheRuleResponse() throws Exception {
        LocalResponse teapot = new LocalResponse(418, "text/plain", "short and stout\n");
        Decision d = rules(rule("block", "bot.score lt 30", Action.BLOCK).withResponse(teapot),
                rule("later", "ssl", Action.ALLOW)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.BLOCK, d.verdict());
        assertTrue(d.verdict().answersLocally());
        assertSame(teapot, d.response());
        assertEquals("block", field("firewall.action"));
    }

    @Test
    void shouldBlockWith403ByDefault() throws Exception {
        Decision d = rules(rule("block", "ssl", Action.BLOCK)).newEvaluator().evaluate(request, fields);
        assertEquals(403, d.response().status());
        assertEquals(LocalResponse.DEFAULT_BLOCK, d.response());
    }

    @Test
    void shouldRecordLogMatchesAndGoOn() throws Exception {
        Decision d = rules(
                rule("log-1", "ssl", Action.LOG),
                rule("log-miss", "not ssl", Action.LOG),
                rule("log-2", "bot.score lt 30", Action.LOG),
                rule("block", "http.request.method eq \"POST\"", Action.BLOCK),
                rule("log-after", "ssl", Action.LOG)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.BLOCK, d.verdict());
        assertEquals(2, d.loggedCount());
        assertEquals("log-1", d.logged(0).id());
        assertEquals("log-2", d.logged(1).id());
        assertEquals("block", field("firewall.action"));
        assertEquals("block", field("firewall.rule_id"));
    }

    @Test
    void shouldWriteLogAsTheActionFieldWhenOnlyLogRulesMatched() throws Exception {
        Decision d = rules(rule("log-1", "ssl", Action.LOG), rule("log-2", "ssl", Action.LOG)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.NONE, d.verdict());
        assertNull(d.rule());
        assertEquals("log", field("firewall.action"));
        assertEquals("log-1", field("firewall.rule_id"));
    }

    @Test
    void shouldClearTheFirewallFieldsWhenNothingMatched() throws Exception {
        RuleEvaluator e = rules(rule("block", "http.request.method eq \"DELETE\"", Action.BLOCK)).newEvaluator();
        fields.set((BytesField) fixture.scheme.field("firewall.action"), "stale");
        assertEquals(Verdict.NONE, e.evaluate(request, fields).verdict());
        assertNull(field("firewall.action"));
        assertNull(field("firewall.rule_id"));
    }

    @Test
    void shouldSkipAllRemainingRules() throws Exception {
        Decision d = rules(
                rule("skip-all", "ssl", Action.SKIP),
                rule("block", "ssl", Action.BLOCK)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.NONE, d.verdict());
        assertTrue(d.skippedRemaining());
    }

    @Test
    void shouldSkipOnlyTheListedRules() throws Exception {
        RuleSet set = rules(
                rule("skip-some", "ssl", Action.SKIP).withSkipRules(List.of("block-1", "log-x")),
                rule("log-x", "ssl", Action.LOG),
                rule("block-1", "ssl", Action.BLOCK),
                rule("log-y", "ssl", Action.LOG),
                rule("challenge-2", "bot.score lt 30", Action.CHALLENGE));
        RuleEvaluator e = set.newEvaluator();
        Decision d = e.evaluate(request, fields);
        assertEquals(Verdict.CHALLENGE, d.verdict());
        assertEquals("challenge-2", d.ruleId());
        assertEquals(1, d.loggedCount());
        assertEquals("log-y", d.logged(0).id());
        assertFalse(d.skippedRemaining());
        RuleCounters c = set.counters();
        assertEquals(0, c.evaluated(set.rule("block-1").index()));
        assertEquals(0, c.evaluated(set.rule("log-x").index()));
        assertEquals(1, c.evaluated(set.rule("log-y").index()));
    }

    @Test
    void shouldNotSkipWhenTheSkipRuleDoesNotMatch() throws Exception {
        Decision d = rules(
                rule("skip-all", "not ssl", Action.SKIP),
                rule("block", "ssl", Action.BLOCK)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.BLOCK, d.verdict());
    }

    @Test
    void shouldChallengeWith403AndMarkTheRequestChallenged() throws Exception {
        Decision d = rules(rule("challenge", "bot.score lt 30", Action.CHALLENGE)).newEvaluator().evaluate(request, fields);
        assertEquals(Verdict.CHALLENGE, d.verdict());
        assertTrue(d.challenged());
        assertSame(ForbiddenChallenge.RESPONSE, d.response());
        assertEquals(403, d.response().status());
        assertTrue(d.response().body().startsWith("Challenge required"));
        assertEquals("challenge", field("firewall.action"));
    }

    @Test
    void shouldGoOnWhenTheChallengeWasPassed() throws Exception {
        Challenge passed = (req, fields, rule, decision) -> Challenge.Outcome.PASSED;
        RuleSet set = rules(
                rule("challenge", "bot.score lt 30", Action.CHALLENGE),
                rule("log", "ssl", Action.LOG));
        Decision d = set.newEvaluator(passed).evaluate(request, fields);
        assertEquals(Verdict.NONE, d.verdict());
        assertFalse(d.challenged());
        assertEquals(1, d.loggedCount());
        assertEquals(1, set.counters().challengesPassed(0));
        assertEquals(1, set.counters().matched(0));
    }

    @Test
    void shouldUseTheChallengesResponse() throws Exception {
        LocalResponse page = new LocalResponse(200, "text/html", "<form>prove it</form>");
        Challenge browser = (req, fields, rule, decision) -> {
            decision.respond(page);
            return Challenge.Outcome.CHALLENGED;
        };
        Decision d = rules(rule("challenge", "ssl", Action.CHALLENGE)).newEvaluator(browser).evaluate(request, fields);
        assertSame(page, d.response());
    }

    @Test
    void shouldIgnoreDisabledRules() throws Exception {
        RuleSet set = rules(rule("off", "ssl", Action.BLOCK).disabled(), rule("on", "ssl", Action.LOG));
        assertEquals(1, set.rules().size());
        assertEquals(Verdict.NONE, set.newEvaluator().evaluate(request, fields).verdict());
    }

    @Test
    void shouldCountEvaluationsAndMatchesPerRuleAcrossEvaluators() throws Exception {
        RuleSet set = rules(
                rule("log", "ssl", Action.LOG),
                rule("block-odd", "bot.score eq 13", Action.BLOCK),
                rule("block", "bot.score eq 12", Action.BLOCK),
                rule("never", "ssl", Action.LOG));
        RuleEvaluator a = set.newEvaluator();
        RuleEvaluator b = set.newEvaluator();
        for (int i = 0; i < 3; i++) {
            a.evaluate(request, fields);
        }
        b.evaluate(request, fields);
        RuleCounters c = set.counters();
        assertEquals(4, c.evaluated(0));
        assertEquals(4, c.matched(0));
        assertEquals(4, c.evaluated(1));
        assertEquals(0, c.matched(1));
        assertEquals(4, c.matched(2));
        assertEquals(0, c.evaluated(3));
        assertEquals(4, c.matched(Action.LOG));
        assertEquals(4, c.matched(Action.BLOCK));
    }

    @Test
    void shouldReuseOneDecisionPerEvaluator() throws Exception {
        RuleEvaluator e = rules(rule("block", "bot.score lt 30", Action.BLOCK)).newEvaluator();
        Decision first = e.evaluate(request, fields);
        assertEquals(Verdict.BLOCK, first.verdict());
        Fields human = fixture.fields();
        human.set(fixture.score, 90);
        Decision second = e.evaluate(request, human);
        assertSame(first, second);
        assertEquals(Verdict.NONE, second.verdict());
        assertNull(second.ruleId());
    }
}
