package dev.bliss.firewall.check;

import dev.bliss.firewall.types.Type;

/** What the parser needs to know of named lists: which exist, and the type of their items. */
@FunctionalInterface
public interface ListTypes {

    ListTypes NONE = name -> null;

    /** The item type of list {@code name} (Int, Ip or Bytes), or null when there is no such list. */
    Type itemType(String name);
}
