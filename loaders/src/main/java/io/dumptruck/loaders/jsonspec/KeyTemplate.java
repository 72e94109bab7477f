package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A row key (or qualifier) made of {@link KeyPart}s, concatenated. A salt part is computed last, from the bytes of all
 * the other parts, and written where it stands (usually first): {@code salt = md5(rest)[0] mod n}, stable across JVMs
 * and languages.
 */
final class KeyTemplate {
    private final List<KeyPart> parts;

    KeyTemplate(List<KeyPart> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a key needs at least one part");
        }
        if (parts.stream().filter(p -> p instanceof KeyPart.Salt).count() > 1) {
            throw new IllegalArgumentException("a key has at most one salt part");
        }
        this.parts = List.copyOf(parts);
    }

    static KeyTemplate of(JsonNode n, String where) {
        if (n == null || !n.isArray()) {
            throw new IllegalArgumentException(
                    where + " must be an array of key parts, e.g. [{\"md5\": \"user\"}, {\"field\": \"day\"}]");
        }
        List<KeyPart> parts = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            parts.add(KeyPart.of(n.get(i), where + "[" + i + "]"));
        }
        return new KeyTemplate(parts);
    }

    public byte[] build(FieldRecord r) {
        byte[][] bytes = new byte[parts.size()][];
        int salt = -1;
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof KeyPart.Salt) {
                salt = i;
            } else {
                bytes[i] = parts.get(i).bytes(r);
                rest.writeBytes(bytes[i]);
            }
        }
        if (salt < 0) {
            return rest.toByteArray();
        }
        bytes[salt] = new byte[] {((KeyPart.Salt) parts.get(salt)).of(rest.toByteArray())};
        ByteArrayOutputStream key = new ByteArrayOutputStream(rest.size() + 1);
        for (byte[] b : bytes) {
            key.writeBytes(b);
        }
        return key.toByteArray();
    }
}
