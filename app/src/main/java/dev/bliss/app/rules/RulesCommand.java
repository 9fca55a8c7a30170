package dev.bliss.app.rules;

import dev.bliss.app.BlissConfig;
import dev.bliss.app.ConfigLocation;
import dev.bliss.firewall.FieldAssignments;
import dev.bliss.firewall.Filter;
import dev.bliss.firewall.FilterException;
import dev.bliss.firewall.RuleDefinition;
import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.RulesException;
import dev.bliss.firewall.RulesFile;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.Fields;
import dev.bliss.proxy.PluginFields;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bliss rules}: check a rules file against the fields the configured plugins declare, or
 * try it on a made-up request.
 *
 * <pre>
 *   bliss rules check config/rules.yaml
 *   bliss rules eval config/rules.yaml --field bot.score=12 --field http.user_agent="curl/8.0"
 * </pre>
 */
@Command(name = "rules", mixinStandardHelpOptions = true,
        description = "Check firewall rules, or evaluate them on a request described on the command line.",
        subcommands = {RulesCommand.Check.class, RulesCommand.Eval.class})
public final class RulesCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Options both subcommands share. */
    abstract static class Base {

        @Parameters(index = "0", paramLabel = "<file>", description = "The rules file, e.g. config/rules.yaml.")
        Path file;

        @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml",
                description = "The configuration whose plugins declare the fields (default: ${DEFAULT-VALUE}).")
        Path config;

        FieldScheme scheme() throws ConfigException {
            return PluginFields.load(BlissConfig.read(ConfigLocation.resolve(config)).proxy());
        }
    }

    /** {@code bliss rules check <file>}: exit 0 when every rule compiles, 1 with the first error. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Parse and type-check a rules file against the fields of the configured plugins.")
    static final class Check extends Base implements Callable<Integer> {

        @Override
        public Integer call() {
            PrintStream out = System.out;
            try {
                Path rules = ConfigLocation.resolve(file);
                RuleSet set = RuleSet.load(rules, scheme());
                out.println(rules + ": valid (" + set.rules().size() + (set.rules().size() == 1 ? " rule" : " rules")
                        + (set.usedFields().isEmpty() ? "" : "; fields used: " + String.join(", ", set.usedFields())) + ')');
                return 0;
            } catch (RulesException | ConfigException e) {
                System.err.println(e.getMessage());
                return 1;
            }
        }
    }

    /**
     * {@code bliss rules eval <file> --field name=value…}: one line per enabled rule,
     * {@code <id> match}, {@code <id> no-match} or {@code <id> error <message>} (each rule on its
     * own, whatever the others do), then {@code action: <action>}: what the rule set decides,
     * in order, with skips and the first terminating action ({@code none} when nothing
     * terminates). Exit 0; 1 when the file or configuration cannot be read, 2 for a bad --field.
     */
    @Command(name = "eval", mixinStandardHelpOptions = true,
            description = "Evaluate each rule on a request made of --field values, then print the resulting action.")
    static final class Eval extends Base implements Callable<Integer> {

        @Option(names = {"-f", "--field"}, paramLabel = "name=value",
                description = "A field value, parsed by the field's type: Int, Float, Bool true|false, Ip, Bytes, "
                        + "Array as comma-separated; request headers as http.request.headers[name]=value.")
        List<String> fields = new ArrayList<>();

        @Override
        public Integer call() {
            PrintStream out = System.out;
            RulesFile rulesFile;
            FieldScheme scheme;
            try {
                rulesFile = RulesFile.read(ConfigLocation.resolve(file));
                scheme = scheme();
            } catch (ConfigException e) {
                System.err.println(e.getMessage());
                return 1;
            }
            FieldAssignments assignments;
            try {
                assignments = FieldAssignments.parse(fields, scheme);
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                return 2;
            }
            Fields table = scheme.newTable();
            assignments.applyTo(table);

            List<RuleDefinition> compiled = new ArrayList<>();
            Set<String> broken = new HashSet<>();
            for (RuleDefinition d : rulesFile.rules()) {
                if (!d.enabled()) {
                    continue;
                }
                try {
                    Filter filter = Filter.compile(d.expression(), scheme, rulesFile.lists());
                    out.println(d.id() + (filter.newMatcher().matches(assignments.request(), table) ? " match" : " no-match"));
                    compiled.add(d);
                } catch (FilterException e) {
                    out.println(d.id() + " error " + e.getMessage().lines().findFirst().orElse("") + ' ' + e.reason());
                    broken.add(d.id());
                }
            }
            out.println("action: " + action(compiled, broken, rulesFile, scheme, assignments, table));
            return 0;
        }

        /** The set's decision with the broken rules left out (and skips of them dropped). */
        private static String action(List<RuleDefinition> rules, Set<String> broken, RulesFile file, FieldScheme scheme,
                                     FieldAssignments assignments, Fields table) {
            List<RuleDefinition> usable = new ArrayList<>();
            for (RuleDefinition d : rules) {
                List<String> skips = d.skipRules().stream().filter(id -> !broken.contains(id)).toList();
                boolean skippedAllAway = !d.skipRules().isEmpty() && skips.isEmpty();
                if (!skippedAllAway) {
                    usable.add(d.withSkipRules(skips));
                }
            }
            try {
                RuleSet set = RuleSet.compile(usable, file.lists(), scheme);
                Verdict v = set.newEvaluator().evaluate(assignments.request(), table).verdict();
                return v.name().toLowerCase(java.util.Locale.ROOT);
            } catch (RulesException e) {
                System.err.println(e.getMessage());
                return "none";
            }
        }
    }
}
