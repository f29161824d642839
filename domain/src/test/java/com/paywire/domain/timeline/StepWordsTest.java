package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityInterface;
import io.temporal.common.metadata.POJOActivityInterfaceMetadata;
import io.temporal.common.metadata.POJOActivityMethodMetadata;
import io.temporal.common.metadata.POJOWorkflowInterfaceMetadata;
import io.temporal.common.metadata.WorkflowMethodType;
import io.temporal.workflow.WorkflowInterface;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Every workflow, activity, signal and Update of Paywire's workflows has its own words in a timeline: one added
 * without words fails here, instead of reading as its bare name to clients.
 */
class StepWordsTest {

    private static final String WORKFLOWS = "com.paywire.workflows";

    @Test
    void everyNameTemporalRecords_shouldHaveWords() {
        List<String> names = new ArrayList<>();
        for (Class<?> activities : interfacesAnnotated(ActivityInterface.class)) {
            POJOActivityInterfaceMetadata.newInstance(activities).getMethodsMetadata().stream()
                    .map(POJOActivityMethodMetadata::getActivityTypeName).forEach(names::add);
        }
        for (Class<?> workflow : interfacesAnnotated(WorkflowInterface.class)) {
            POJOWorkflowInterfaceMetadata metadata = POJOWorkflowInterfaceMetadata.newInstance(workflow);
            metadata.getWorkflowType().ifPresent(names::add);
            metadata.getMethodsMetadata().stream()
                    .filter(m -> m.getType() == WorkflowMethodType.SIGNAL || m.getType() == WorkflowMethodType.UPDATE)
                    .map(m -> m.getName()).forEach(names::add);
        }

        assertThat(names).as("names found").hasSizeGreaterThan(60);
        assertThat(names.stream().filter(name -> !StepWords.knows(name)).toList()).as("names without words").isEmpty();
    }

    @Test
    void anActivitysWords_shouldSayWhatItDid_andAYesOrNoAnswerInWords() {
        assertThat(StepWords.activity("ValidateBillAccount", false, List.of())).isEqualTo(
                "asked the biller about the account: the biller does not know it");
        assertThat(StepWords.activity("ReserveAirtime", true, List.of())).isEqualTo("held the top-up's amount and fee");
        assertThat(StepWords.activity("SettleLine", null, List.of(Map.of("status", "TIMED_OUT", "resultCode", "-1"))))
                .as("read from its input when it returns nothing").isEqualTo("closed the line: timed out (-1)");
        assertThat(StepWords.activity("SomethingNew", null, List.of())).isEqualTo("ran SomethingNew");
    }

    private static List<Class<?>> interfacesAnnotated(Class<? extends Annotation> annotation) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
            @Override
            protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isInterface();
            }
        };
        scanner.addIncludeFilter(new AnnotationTypeFilter(annotation));
        return scanner.findCandidateComponents(WORKFLOWS).stream()
                .map(definition -> ClassUtils.resolveClassName(definition.getBeanClassName(), null))
                .<Class<?>>map(type -> type).toList();
    }
}
