package com.paywire.domain.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class CallbackXmlTest {

    @Test
    void givenAFlatRecord_itShouldWriteOneElementPerField_inOrder_escapingText_andNullsEmpty() throws Exception {
        String xml = CallbackXml.render("Result", """
                {"status":4,"name":"O'Neil & <Sons>","missing":null,"nested":{"a":"1"},"list":["x","y"]}""");

        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = document.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("Result");
        assertThat(root.getElementsByTagName("status").item(0).getTextContent()).isEqualTo("4");
        assertThat(root.getElementsByTagName("name").item(0).getTextContent()).isEqualTo("O'Neil & <Sons>");
        assertThat(root.getElementsByTagName("missing").item(0).getTextContent()).isEmpty();
        assertThat(root.getElementsByTagName("a").item(0).getTextContent()).isEqualTo("1");
        assertThat(root.getElementsByTagName("list").getLength()).isEqualTo(2);
        assertThat(xml).contains("<status>4</status><name>");
    }

    @Test
    void givenAnAmount_itShouldKeepItsDecimalsAsTheJsonWritesThem() {
        String xml = CallbackXml.render("Result", "{\"amount\":150.00,\"fee\":0.80,\"count\":3}");

        assertThat(xml).contains("<amount>150.00</amount>", "<fee>0.80</fee>", "<count>3</count>");
    }
}
