package com.paywire.infra.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering docs/architecture.md's module table states, held against the compiled main classes of every module
 * (infra's test classpath sees them all). Maven's module graph already stops a module importing one above it; these
 * rules hold what the graph cannot: a dependency that arrives transitively (the API sees persistence through the
 * application layer) and the packages inside a module.
 */
class ArchitectureTest {

    /**
     * The Ledger's methods that move money. Its reads are anyone's, and opening a client's accounts (at zero) is
     * the client store's.
     */
    private static final Set<String> LEDGER_WRITES = Set.of(
            "reserve", "post", "voidReservation", "transfer", "transferRequired");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the other modules' test classes reach infra as their test jars, which the option above lets in
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("com.paywire");
    }

    @Test
    void theKernelShouldUseOnlyTheJdk() {
        classes().that().resideInAPackage("com.paywire.vocabulary..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.paywire.vocabulary..")
                .check(main);
    }

    @Test
    void theApiShouldReachTheDatabaseOnlyThroughTheApplicationLayer() {
        noClasses().that().resideInAPackage("com.paywire.api..")
                .should().dependOnClassesThat().resideInAPackage("com.paywire.persistence..")
                .check(main);
    }

    @Test
    void theLedgerShouldBeWrittenOnlyByTheMoneyEngine() {
        noClasses().that().resideOutsideOfPackages("com.paywire.domain.money..", "com.paywire.persistence.ledger..")
                .should().callMethodWhere(DescribedPredicate.describe("a write of the Ledger",
                        call -> call.getTarget().getOwner().getName().equals("com.paywire.persistence.ledger.Ledger")
                                && LEDGER_WRITES.contains(call.getTarget().getName())))
                .because("every movement goes through MoneyEngine, which keeps its rules (docs/architecture.md)")
                .check(main);
    }

    @Test
    void workflowCodeShouldNeedNoFrameworkAndNoDatabase() {
        noClasses().that().resideInAPackage("com.paywire.workflows..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "java.sql..",
                        "com.paywire.persistence..", "com.paywire.domain..", "com.paywire.activities..")
                .check(main);
    }

    @Test
    void persistenceShouldNotReachUp() {
        noClasses().that().resideInAPackage("com.paywire.persistence..")
                .should().dependOnClassesThat().resideInAnyPackage("com.paywire.workflows..",
                        "com.paywire.domain..", "com.paywire.activities..", "com.paywire.api..")
                .check(main);
    }

    @Test
    void theApplicationLayerShouldNotKnowItsCallers() {
        noClasses().that().resideInAPackage("com.paywire.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("com.paywire.activities..", "com.paywire.api..",
                        "com.paywire.worker..")
                .check(main);
    }

    @Test
    void theApplicationLayersPackagesShouldNotImportEachOtherInACircle() {
        slices().matching("com.paywire.domain.(*)..").should().beFreeOfCycles().check(main);
    }
}
