package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.identity.BrowserFamily;
import java.util.SplittableRandom;

/**
 * People's Accept-Language preferences, written the way each browser family formats them
 * (Chromium and Safari: q=0.9 steps; Firefox: its own q values).
 */
final class Languages {

    private static final String[][] CHROMIUM = {
            {"en-US,en;q=0.9", "30"}, {"en-GB,en-US;q=0.9,en;q=0.8", "8"}, {"de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "9"},
            {"fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "7"}, {"es-ES,es;q=0.9", "6"}, {"pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "6"},
            {"it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", "4"}, {"nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7", "3"},
            {"pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", "3"}, {"ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "4"},
            {"en-IN,en-GB;q=0.9,en-US;q=0.8,en;q=0.7,hi;q=0.6", "5"}, {"tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7", "3"},
            {"en-US,en;q=0.9,es;q=0.8", "4"}, {"sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7", "2"},
    };
    private static final String[][] FIREFOX = {
            {"en-US,en;q=0.5", "40"}, {"de,en-US;q=0.7,en;q=0.3", "15"}, {"fr,fr-FR;q=0.8,en-US;q=0.5,en;q=0.3", "10"},
            {"en-GB,en;q=0.5", "10"}, {"es-ES,es;q=0.8,en-US;q=0.5,en;q=0.3", "8"}, {"pl,en-US;q=0.7,en;q=0.3", "5"},
            {"nl,en-US;q=0.7,en;q=0.3", "4"}, {"ru-RU,ru;q=0.8,en-US;q=0.5,en;q=0.3", "5"},
    };
    private static final String[][] SAFARI = {
            {"en-US,en;q=0.9", "45"}, {"en-GB,en;q=0.9", "12"}, {"de-DE,de;q=0.9", "10"}, {"fr-FR,fr;q=0.9", "9"},
            {"ja-JP,ja;q=0.9", "8"}, {"es-ES,es;q=0.9", "6"}, {"it-IT,it;q=0.9", "4"}, {"en-AU,en;q=0.9", "4"},
    };

    private Languages() {
    }

    static String pick(BrowserFamily family, SplittableRandom random) {
        String[][] table = switch (family) {
            case FIREFOX -> FIREFOX;
            case SAFARI, CRIOS -> SAFARI;
            default -> CHROMIUM;
        };
        int total = 0;
        for (String[] row : table) {
            total += Integer.parseInt(row[1]);
        }
        int r = random.nextInt(total);
        for (String[] row : table) {
            r -= Integer.parseInt(row[1]);
            if (r < 0) {
                return row[0];
            }
        }
        return table[0][0];
    }
}
