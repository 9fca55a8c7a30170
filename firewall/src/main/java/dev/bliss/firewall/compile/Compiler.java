package dev.bliss.firewall.compile;

import dev.bliss.firewall.ast.Comparison;
import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.FieldRef;
import dev.bliss.firewall.ast.FunctionCall;
import dev.bliss.firewall.ast.Group;
import dev.bliss.firewall.ast.Index;
import dev.bliss.firewall.ast.IndexAccess;
import dev.bliss.firewall.ast.Literal;
import dev.bliss.firewall.ast.LiteralArg;
import dev.bliss.firewall.ast.Logical;
import dev.bliss.firewall.ast.Not;
import dev.bliss.firewall.ast.Quantifier;
import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.eval.RequestField;
import dev.bliss.firewall.function.FunctionDefinition;
import dev.bliss.firewall.function.Functions;
import dev.bliss.firewall.regex.Regex;
import dev.bliss.firewall.regex.RegexSyntaxException;
import dev.bliss.firewall.types.Type;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FloatField;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.plugin.field.IpField;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a checked tree into nodes, choosing for each comparison the class specialised for its
 * type, operator and literal: sets become sorted ranges or hash sets, regexes and wildcards are
 * compiled once, {@code contains} is picked by needle length, an Int comparison on a detector
 * field reads the field directly. Every field read is recorded in the scope, so a rule set can
 * say which fields it uses. Compile time only.
 */
public final class Compiler {

    /** Named lists compiled for each item type. */
    public interface ListSets {

        IntRanges ints(String name);

        IpRanges ips(String name);

        ByteStringSet bytes(String name);
    }

    private final CompileScope scope;
    private final FieldCatalog catalog;
    private final ListSets lists;

    public Compiler(CompileScope scope, FieldCatalog catalog, ListSets lists) {
        this.scope = scope;
        this.catalog = catalog;
        this.lists = lists;
    }

    /** Compiles a parsed filter (of type Bool). */
    public BoolNode compile(Expr root) {
        return bool(root);
    }

    private BoolNode bool(Expr e) {
        return switch (e) {
            case Group g -> bool(g.inner());
            case Not n -> new Logic.Not(bool(n.operand()));
            case Logical l -> {
                BoolNode[] items = l.items().stream().map(this::bool).toArray(BoolNode[]::new);
                yield switch (l.op()) {
                    case AND -> Logic.and(items);
                    case OR -> Logic.or(items);
                    case XOR -> new Logic.Xor(items);
                };
            }
            case Quantifier q -> switch (q.kind()) {
                case ANY -> new Logic.Any(boolArray(q.argument()));
                case ALL -> new Logic.All(boolArray(q.argument()));
            };
            case Comparison c -> comparison(value(c.lhs()), c.lhs().type(), c.op(), c.rhs());
            default -> (BoolNode) value(e);
        };
    }

    private BoolArrayNode boolArray(Expr e) {
        return switch (e) {
            case Group g -> boolArray(g.inner());
            case Not n -> new Logic.ElementwiseNot(boolArray(n.operand()));
            case Logical l -> new Logic.Elementwise(Logic.Elementwise.Op.valueOf(l.op().name()),
                    l.items().stream().map(this::boolArray).toArray(BoolArrayNode[]::new));
            case Comparison c -> {
                Mapping m = map((IndexAccess) c.lhs());
                yield new ArrayAccess.EachBool(m.source, m.cursor, comparison(m.element, c.lhs().type(), c.op(), c.rhs()));
            }
            case IndexAccess i when i.mapped() -> {
                Mapping m = map(i);
                yield new ArrayAccess.EachBool(m.source, m.cursor, (BoolNode) m.element);
            }
            default -> (BoolArrayNode) value(e);
        };
    }

    /** A mapped expression {@code target[*]}: the array, its cursor, and the current element. */
    private record Mapping(ArrayNode source, int cursor, Node element) {
    }

    private Mapping map(IndexAccess mapped) {
        ArrayNode source = (ArrayNode) value(mapped.target());
        int cursor = scope.newEach();
        Node element = switch (source) {
            case BytesArrayNode b -> new ArrayAccess.BytesElement(b, cursor);
            case IntArrayNode i -> new ArrayAccess.IntElement(i, cursor);
            case BoolArrayNode b -> new ArrayAccess.BoolElement(b, cursor);
            default -> throw new IllegalStateException("cannot map " + source);
        };
        return new Mapping(source, cursor, element);
    }

    /** The node computing a value (not mapped). */
    private Node value(Expr e) {
        return switch (e) {
            case FieldRef f -> field(f);
            case LiteralArg a -> switch (a.value()) {
                case Literal.BytesLiteral b -> new Constants.ConstBytes(b.value().toByteArray());
                case Literal.IntLiteral i -> new Constants.ConstInt(i.value());
                default -> throw new IllegalStateException("literal argument " + a.value());
            };
            case FunctionCall c -> call(c);
            case IndexAccess i -> index(i);
            default -> e.valueType().equals(Type.BOOL) ? bool(e) : boolArray(e);
        };
    }

    private Node call(FunctionCall c) {
        FunctionDefinition def = Functions.lookup(c.name());
        if (!c.mapsFirstArgument()) {
            List<Node> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(value(a));
            }
            return def.compile(args, scope);
        }
        Mapping m = map((IndexAccess) c.args().getFirst());
        List<Node> args = new ArrayList<>();
        args.add(m.element);
        for (Expr a : c.args().subList(1, c.args().size())) {
            args.add(value(a));
        }
        Node perElement = def.compile(args, scope);
        return switch (perElement) {
            case BytesNode b -> new ArrayAccess.EachBytes(m.source, m.cursor, b);
            case IntNode i -> new ArrayAccess.EachInt(m.source, m.cursor, i);
            case BoolNode b -> new ArrayAccess.EachBool(m.source, m.cursor, b);
            default -> throw new IllegalStateException("cannot map " + c.name());
        };
    }

    private Node index(IndexAccess i) {
        if (i.mapped()) {
            throw new IllegalStateException("a mapped value is compiled by its consumer");
        }
        if (i.index() instanceof Index.Key key) {
            FieldRef map = (FieldRef) i.target();
            scope.use(catalog.lookup(map.name()).name());
            return new RequestReaders.HeaderValues(scope.headerKey(key.key().toLowerCase(java.util.Locale.ROOT)), scope.newScratch());
        }
        int position = ((Index.At) i.index()).position();
        return switch (value(i.target())) {
            case BytesArrayNode b -> new ArrayAccess.BytesAt(b, position);
            case IntArrayNode a -> new ArrayAccess.IntAt(a, position);
            case BoolArrayNode b -> new ArrayAccess.BoolAt(b, position);
            default -> throw new IllegalStateException("cannot index " + i);
        };
    }

    private Node field(FieldRef ref) {
        FieldCatalog.Entry entry = catalog.lookup(ref.name());
        scope.use(entry.name());
        RequestField r = entry.requestField();
        if (r != null) {
            return switch (r) {
                case CLIENT_IP -> new RequestReaders.ClientIp();
                case SSL -> new RequestReaders.Ssl();
                case DESTINATION_PORT -> new RequestReaders.DestinationPort();
                case HEADER_NAMES -> new RequestReaders.HeaderNames(scope.newScratch());
                case HEADER_VALUES -> new RequestReaders.HeaderAllValues(scope.newScratch());
                case HEADERS -> throw new IllegalStateException("the header map is only read by key");
                default -> new RequestReaders.Text(r);
            };
        }
        Field f = entry.schemeField();
        return switch (f) {
            case BoolField b -> new FieldReaders.BoolValue(b);
            case IntField i -> new FieldReaders.IntValue(i);
            case FloatField x -> new FieldReaders.FloatValue(x);
            case BytesField b -> new FieldReaders.BytesValue(b);
            case IpField ip -> new FieldReaders.IpValue(ip);
            case IntArrayField a -> new FieldReaders.IntArrayValue(a);
        };
    }

    // ---- comparisons

    private BoolNode comparison(Node lhs, Type type, ComparisonOp op, Literal rhs) {
        return switch (type.kind()) {
            case INT -> intComparison((IntNode) lhs, op, rhs);
            case FLOAT -> FloatComparisons.of((FloatNode) lhs, op, ((Literal.FloatLiteral) rhs).value());
            case IP -> ipComparison((IpNode) lhs, op, rhs);
            case BYTES -> bytesComparison((BytesNode) lhs, op, rhs);
            default -> throw new IllegalStateException("no comparison on " + type);
        };
    }

    private BoolNode intComparison(IntNode lhs, ComparisonOp op, Literal rhs) {
        return switch (rhs) {
            case Literal.IntLiteral v -> IntComparisons.of(lhs, op, v.value());
            case Literal.SetLiteral s -> {
                List<long[]> ranges = new ArrayList<>();
                for (Literal e : s.elements()) {
                    Literal.IntRange r = (Literal.IntRange) e;
                    ranges.add(new long[] {r.first(), r.last()});
                }
                yield IntComparisons.in(lhs, IntRanges.of(ranges));
            }
            case Literal.ListRef l -> IntComparisons.in(lhs, lists.ints(l.name()));
            default -> throw new IllegalStateException("Int compared with " + rhs);
        };
    }

    private BoolNode ipComparison(IpNode lhs, ComparisonOp op, Literal rhs) {
        return switch (rhs) {
            case Literal.IpLiteral ip -> IpComparisons.of(lhs, op, ip.high(), ip.low());
            case Literal.SetLiteral s -> {
                List<long[]> ranges = new ArrayList<>();
                for (Literal e : s.elements()) {
                    Literal.IpRange r = (Literal.IpRange) e;
                    ranges.add(new long[] {r.first().high(), r.first().low(), r.last().high(), r.last().low()});
                }
                yield new IpComparisons.In(lhs, IpRanges.of(ranges));
            }
            case Literal.ListRef l -> new IpComparisons.In(lhs, lists.ips(l.name()));
            default -> throw new IllegalStateException("Ip compared with " + rhs);
        };
    }

    private BoolNode bytesComparison(BytesNode lhs, ComparisonOp op, Literal rhs) {
        return switch (op) {
            case CONTAINS -> BytesComparisons.contains(lhs, ((Literal.BytesLiteral) rhs).value().toByteArray());
            case MATCHES -> {
                Regex regex;
                try {
                    regex = scope.patterns().regex(((Literal.RegexLiteral) rhs).pattern());
                } catch (RegexSyntaxException e) {
                    throw new IllegalStateException("checked by the parser", e);
                }
                int slot = regex.isDeterministic() ? -1 : scope.regexScratch(regex.scratchLength());
                yield new BytesComparisons.Matches(lhs, regex, slot);
            }
            case WILDCARD, STRICT_WILDCARD -> new BytesComparisons.Wildcard(lhs,
                    scope.patterns().wildcard(((Literal.WildcardLiteral) rhs).pattern(), op == ComparisonOp.STRICT_WILDCARD));
            case IN -> switch (rhs) {
                case Literal.SetLiteral s -> {
                    List<byte[]> values = new ArrayList<>();
                    for (Literal e : s.elements()) {
                        values.add(((Literal.BytesLiteral) e).value().toByteArray());
                    }
                    yield new BytesComparisons.In(lhs, ByteStringSet.of(values));
                }
                case Literal.ListRef l -> new BytesComparisons.In(lhs, lists.bytes(l.name()));
                default -> throw new IllegalStateException("Bytes in " + rhs);
            };
            default -> BytesComparisons.ordering(lhs, op, ((Literal.BytesLiteral) rhs).value().toByteArray());
        };
    }
}
