package com.paywire.infra.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The curl walkthroughs of README.md and docs/*.md: every {@code ```sh} block, in page order, except one whose
 * nearest non-blank line before it is {@code <!-- not run: REASON -->} (docs/architecture.md, "Walkthroughs that
 * run"). Fences may be indented, as in a list item; the indentation is taken off.
 */
final class Walkthroughs {

    private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\S*)\\s*$");
    static final Pattern NOT_RUN = Pattern.compile("^\\s*<!--\\s*not run:\\s*(.*?)\\s*-->\\s*$");

    /** A block of one page: the line its fence opens on (1-based), its text, and why it is not run (null if it is). */
    record Block(String page, int line, String text, String notRunBecause) {
        boolean runs() {
            return notRunBecause == null;
        }
    }

    private Walkthroughs() {
    }

    /** README.md, then docs/*.md by name, each relative to the repository's root. */
    static List<String> pages(Path root) {
        List<String> pages = new ArrayList<>(List.of("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.map(p -> "docs/" + p.getFileName()).filter(name -> name.endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** Every sh block of the page, in order. */
    static List<Block> shellBlocks(Path root, String page) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(page));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            int close = i + 1;
            while (close < lines.size() && !lines.get(close).strip().equals("```")) {
                close++;
            }
            if (open.group(2).equals("sh")) {
                StringBuilder text = new StringBuilder();
                for (String line : lines.subList(i + 1, Math.min(close, lines.size()))) {
                    text.append(line.startsWith(indent) ? line.substring(indent.length()) : line.strip()).append('\n');
                }
                blocks.add(new Block(page, i + 1, text.toString(), notRunBecause(lines, i)));
            }
            i = close;
        }
        return blocks;
    }

    /** The reason of a not-run marker just above the fence at index fence, or null. */
    private static String notRunBecause(List<String> lines, int fence) {
        for (int i = fence - 1; i >= 0; i--) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            Matcher marker = NOT_RUN.matcher(lines.get(i));
            return marker.matches() ? marker.group(1) : null;
        }
        return null;
    }
}
