package dev.bliss.firewall;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.Challenge;
import dev.bliss.firewall.action.ForbiddenChallenge;
import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.Parser;
import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.compile.BoolNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Compiler;
import dev.bliss.firewall.eval.ContextLayout;
import dev.bliss.firewall.lex.LexException;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A compiled, ordered set of firewall rules, bound to the {@link FieldScheme} it was compiled
 * against.
 *
 * <pre>{@code
 * RuleSet rules = RuleSet.load(Path.of("config/rules.yaml"), scheme);   // off the event loop
 * RuleEvaluator evaluator = rules.newEvaluator();                         // one per event loop
 * Decision d = evaluator.evaluate(request, fields);                       // per request, no allocation
 * }</pre>
 *
 * <p>Loading is all or nothing: any error (configuration or expression) throws
 * {@link RulesException} and nothing is built, so a reload can keep the running set. Disabled
 * rules are not part of the set.
 *
 * <p><b>Thread safety:</b> immutable and safe to share; evaluators are per thread. The set knows
 * which fields its rules read ({@link #usedFields()}), so detectors can skip work nobody reads.
 */
public final class RuleSet {

    private final FieldScheme scheme;
    private final List<Rule> rules;
    final BoolNode[] roots;
    final Action[] actions;
    /** Per skip rule: the rule indexes it skips as a bit set, or null to skip all remaining. */
    final long[][] skipMasks;
    final ContextLayout layout;
    private final Set<String> usedFields;
    final BytesField actionField;
    final BytesField ruleIdField;
    final byte[][] actionNames;
    final byte[][] ruleIds;
    private final List<RuleEvaluator> evaluators = new CopyOnWriteArrayList<>();

    private RuleSet(FieldScheme scheme, List<Rule> rules, BoolNode[] roots, long[][] skipMasks, CompileScope scope) {
        this.scheme = scheme;
        this.rules = Collections.unmodifiableList(rules);
        this.roots = roots;
        this.skipMasks = skipMasks;
        this.layout = scope.layout();
        this.usedFields = Collections.unmodifiableSet(new LinkedHashSet<>(scope.usedFields()));
        this.actions = rules.stream().map(Rule::action).toArray(Action[]::new);
        this.actionField = bytesField(scheme, Firewall.ACTION_FIELD);
        this.ruleIdField = bytesField(scheme, Firewall.RULE_ID_FIELD);
        this.actionNames = new byte[Action.values().length][];
        for (Action a : Action.values()) {
            actionNames[a.ordinal()] = a.configName().getBytes(StandardCharsets.US_ASCII);
        }
        this.ruleIds = rules.stream().map(r -> r.id().getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    private static BytesField bytesField(FieldScheme scheme, String name) {
        Field f = scheme.field(name);
        return f instanceof BytesField b ? b : null;
    }

    /** Reads and compiles a rules file. */
    public static RuleSet load(Path rulesFile, FieldScheme scheme) throws RulesException {
        try {
            // verbatim: block bodies are templates whose ${request_id} and ${rule_id} are not variables
            return compile(YamlConfigReader.readVerbatim(rulesFile), NamedLists.empty(), scheme);
        } catch (ConfigException e) {
            throw RulesException.of(e);
        }
    }

    /** Compiles the rules (and lists) of a rules file's root section. */
    public static RuleSet compile(ConfigSection rulesFile, FieldScheme scheme) throws RulesException {
        return compile(rulesFile, NamedLists.empty(), scheme);
    }

    /**
     * Compiles the rules of a rules file's root section, with its own lists plus {@code lists}
     * (from another section; a name defined in both is an error).
     */
    public static RuleSet compile(ConfigSection rulesFile, NamedLists lists, FieldScheme scheme) throws RulesException {
        RulesFile file;
        NamedLists all;
        try {
            file = RulesFile.read(rulesFile);
            all = file.lists().with(lists);
        } catch (ConfigException e) {
            throw RulesException.of(e);
        }
        return compile(file.rules(), all, scheme);
    }

    /** Compiles rule definitions made in code (or read by {@link RulesFile}). */
    public static RuleSet compile(List<RuleDefinition> definitions, NamedLists lists, FieldScheme scheme) throws RulesException {
        FieldCatalog catalog = FieldCatalog.of(scheme);
        CompileScope scope = new CompileScope();
        Compiler compiler = new Compiler(scope, catalog, lists.sets());
        List<Rule> rules = new ArrayList<>();
        List<BoolNode> roots = new ArrayList<>();
        Map<String, Integer> definitionIndex = new HashMap<>();
        for (int i = 0; i < definitions.size(); i++) {
            RuleDefinition d = definitions.get(i);
            if (definitionIndex.putIfAbsent(d.id(), i) != null) {
                throw RulesException.rule(d.position(), "rules[" + i + "].id", d.id(), "duplicate rule id");
            }
        }
        for (int i = 0; i < definitions.size(); i++) {
            RuleDefinition d = definitions.get(i);
            if (!d.enabled()) {
                continue;
            }
            Expr tree;
            try {
                tree = Parser.parse(d.expression(), catalog, lists.types(), scope.patterns());
            } catch (LexException e) {
                throw RulesException.expression(d.expressionPosition(), "rules[" + i + "].expression", d.id(),
                        FilterException.of(d.expression(), e));
            }
            roots.add(compiler.compile(tree));
            rules.add(new Rule(rules.size(), d, fieldsOf(tree, catalog)));
        }
        long[][] skipMasks = new long[rules.size()][];
        Map<String, Integer> enabledIndex = new HashMap<>();
        for (Rule r : rules) {
            enabledIndex.put(r.id(), r.index());
        }
        int words = (rules.size() + 63) >>> 6;
        for (Rule r : rules) {
            if (r.action() != Action.SKIP || r.skipRules().isEmpty()) {
                continue;
            }
            long[] mask = new long[words];
            int at = definitionIndex.get(r.id());
            for (String target : r.skipRules()) {
                Integer def = definitionIndex.get(target);
                if (def == null) {
                    throw RulesException.rule(r.position(), "rules[" + at + "].skip_rules", r.id(), "no rule \"" + target + "\" to skip");
                }
                if (def <= at) {
                    throw RulesException.rule(r.position(), "rules[" + at + "].skip_rules", r.id(),
                            "rule \"" + target + "\" comes before this one; a skip rule can only skip rules after it");
                }
                Integer index = enabledIndex.get(target);
                if (index != null) {
                    mask[index >>> 6] |= 1L << index;
                }
            }
            skipMasks[r.index()] = mask;
        }
        return new RuleSet(scheme, rules, roots.toArray(new BoolNode[0]), skipMasks, scope);
    }

    /** The canonical names of the fields an expression reads. */
    private static Set<String> fieldsOf(Expr e, FieldCatalog catalog) {
        Set<String> out = new LinkedHashSet<>();
        collect(e, catalog, out);
        return out;
    }

    private static void collect(Expr e, FieldCatalog catalog, Set<String> out) {
        switch (e) {
            case dev.bliss.firewall.ast.FieldRef f -> out.add(catalog.lookup(f.name()).name());
            case dev.bliss.firewall.ast.FunctionCall c -> c.args().forEach(a -> collect(a, catalog, out));
            case dev.bliss.firewall.ast.IndexAccess i -> collect(i.target(), catalog, out);
            case dev.bliss.firewall.ast.Comparison c -> collect(c.lhs(), catalog, out);
            case dev.bliss.firewall.ast.Not n -> collect(n.operand(), catalog, out);
            case dev.bliss.firewall.ast.Logical l -> l.items().forEach(a -> collect(a, catalog, out));
            case dev.bliss.firewall.ast.Group g -> collect(g.inner(), catalog, out);
            case dev.bliss.firewall.ast.Quantifier q -> collect(q.argument(), catalog, out);
            case dev.bliss.firewall.ast.LiteralArg a -> {
            }
        }
    }

    public FieldScheme scheme() {
        return scheme;
    }

    /** The enabled rules, in evaluation order; {@link Rule#index()} is the position here. */
    public List<Rule> rules() {
        return rules;
    }

    /** The rule with this id, or null. */
    public Rule rule(String id) {
        for (Rule r : rules) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        return null;
    }

    /**
     * The fields any rule reads, by canonical name: request fields ({@code http.user_agent}) and
     * detector fields ({@code bot.score}; a rule written with {@code cf.bot_management.score}
     * reads {@code bot.score}).
     */
    public Set<String> usedFields() {
        return usedFields;
    }

    /** Whether any rule reads {@code field} (a canonical name or a Cloudflare alias). */
    public boolean uses(String field) {
        return usedFields.contains(FieldCatalog.CLOUDFLARE_ALIASES.getOrDefault(field, field));
    }

    /** An evaluator for one event loop, answering challenges with {@link ForbiddenChallenge}. */
    public RuleEvaluator newEvaluator() {
        return newEvaluator(ForbiddenChallenge.INSTANCE);
    }

    /** An evaluator for one event loop with its own {@link Challenge}. */
    public RuleEvaluator newEvaluator(Challenge challenge) {
        return newEvaluator(challenge, HeaderName::of);
    }

    /**
     * An evaluator for one event loop with its own {@link Challenge}, looking the headers that
     * fields read by name ({@code http.user_agent}, {@code http.referer}) up by the host's handles.
     */
    public RuleEvaluator newEvaluator(Challenge challenge, Function<String, HeaderName> headerNames) {
        RuleEvaluator e = new RuleEvaluator(this, challenge, headerNames);
        evaluators.add(e);
        return e;
    }

    /**
     * The per-rule counters summed over every evaluator of this set. Callable from any thread;
     * see {@link RuleCounters} for what a snapshot guarantees.
     */
    public RuleCounters counters() {
        long[] evaluated = new long[rules.size()];
        long[] matched = new long[rules.size()];
        long[] passed = new long[rules.size()];
        for (RuleEvaluator e : evaluators) {
            e.addCountersTo(evaluated, matched, passed);
        }
        return new RuleCounters(rules, evaluated, matched, passed);
    }
}
