package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.Fields;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code in $name} over IP, Int and Bytes lists, from the rules file or passed in. */
class NamedListsTest {

    private final TestFixture fixture = new TestFixture();

    private static NamedLists lists(String yaml) throws ConfigException {
        return NamedLists.read(ConfigSection.root(YamlConfigReader.parse("lists.yaml", yaml)));
    }

    private final NamedLists lists;

    NamedListsTest() throws ConfigException {
        lists = lists("""
                office:
                  type: ip
                  items: [192.0.2.0/24, "2001:db8:1::/48", 198.51.100.7, 203.0.113.1..203.0.113.9]
                ports:
                  type: int
                  items: [80, 443, 8000..8999]
                agents:
                  type: bytes
                  items: [curl/8.0, "Wget/1.21", sqlmap]
                empty:
                  type: bytes
                  items: []
                """);
    }

    private boolean matches(String expression, SyntheticRequest request) throws FilterException {
        Fields f = fixture.fields();
        return Filter.compile(expression, fixture.scheme, lists).newMatcher().matches(request, f);
    }

    @Test
    void shouldMatchAddressesNetworksAndRangesOfAnIpList() throws FilterException {
        for (String ip : List.of("192.0.2.200", "2001:db8:1:ffff::1", "198.51.100.7", "203.0.113.9")) {
            assertTrue(matches("ip.src in $office", new SyntheticRequest().clientAddress(IpAddress.of(ip))), ip);
        }
        for (String ip : List.of("192.0.3.1", "2001:db8:2::1", "198.51.100.8", "203.0.113.10")) {
            assertFalse(matches("ip.src in $office", new SyntheticRequest().clientAddress(IpAddress.of(ip))), ip);
        }
        assertFalse(matches("ip.src in $office", new SyntheticRequest()), "missing ip.src");
    }

    @Test
    void shouldMatchIntAndBytesLists() throws FilterException {
        assertTrue(matches("tcp.dstport in $ports", new SyntheticRequest().localPort(8443)));
        assertFalse(matches("tcp.dstport in $ports", new SyntheticRequest().localPort(9000)));
        assertTrue(matches("http.user_agent in $agents", new SyntheticRequest().header("user-agent", "sqlmap")));
        assertFalse(matches("http.user_agent in $agents", new SyntheticRequest().header("user-agent", "curl/8.1")));
        assertFalse(matches("http.user_agent in $empty", new SyntheticRequest().header("user-agent", "")));
    }

    @Test
    void shouldRefuseAListOfAnotherType() {
        FilterException e = assertThrows(FilterException.class, () -> Filter.compile("ip.src in $agents", fixture.scheme, lists));
        assertEquals("Filter parsing error (1:11):\nip.src in $agents\n          ^^^^^^^ list \"agents\" holds Bytes, not Ip", e.getMessage());
    }

    @Test
    void shouldMergeListsPassedFromAnotherSection() throws Exception {
        NamedLists extra = NamedLists.of(Map.of("blocked", Map.entry("ip", List.of("10.0.0.0/8"))));
        ConfigSection file = ConfigSection.root(YamlConfigReader.parse("rules.yaml", """
                lists:
                  own: {type: int, items: [1]}
                rules:
                  - {id: a, expression: ip.src in $blocked and bot.score in $own, action: log}
                """));
        RuleSet set = RuleSet.compile(file, extra, fixture.scheme);
        assertEquals(1, set.rules().size());
        RulesException twice = assertThrows(RulesException.class, () -> RuleSet.compile(
                ConfigSection.root(YamlConfigReader.parse("rules.yaml", "lists:\n  blocked: {type: ip, items: []}\nrules: []\n")), extra, fixture.scheme));
        assertTrue(twice.getMessage().contains("lists.blocked: list defined twice"), twice.getMessage());
    }

    @Test
    void shouldRejectBadListsWithPositions() {
        ConfigException type = assertThrows(ConfigException.class, () -> lists("x:\n  type: cidr\n  items: []\n"));
        assertEquals("lists.yaml:2:9: x.type: expected one of ip, int, bytes, got \"cidr\"", type.getMessage());
        ConfigException item = assertThrows(ConfigException.class, () -> lists("x:\n  type: int\n  items: [1, 5..2]\n"));
        assertEquals("lists.yaml:3:14: x.items[1]: not an integer or range: \"5..2\" (incompatible range bounds)", item.getMessage());
        ConfigException name = assertThrows(ConfigException.class, () -> lists("Bad-Name:\n  type: int\n  items: []\n"));
        assertTrue(name.getMessage().contains("Bad-Name: a list name is lower-case letters"), name.getMessage());
        ConfigException missing = assertThrows(ConfigException.class, () -> lists("x:\n  type: int\n"));
        assertTrue(missing.getMessage().endsWith("x.items: required key is missing"), missing.getMessage());
    }
}
